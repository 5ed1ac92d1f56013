//! Game records: a PGN-like text format, compatible with the `.ogn` files of the Aualé program.
//!
//! ```text
//! [Variant "abapa"]
//! [Rule_grand_slam "Allowed"]
//! [FEN "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"]
//! [Result "*"]
//!
//! 1. C f 2. B { a comment } b+2 ( 2... a 3. D ( 3. E ) ) 3. A *
//! ```
//!
//! * Tags come first, one `[Name "value"]` each (`\"` and `\\` escape). `Variant` names the preset
//!   (Aualé's `"Oware Abapa"` reads as `abapa`); one `Rule_NAME` tag per rule option that differs
//!   from the preset; `FEN` (or `Position`) gives a start position other than the usual one.
//! * Moves are written as the game writes them (pit letters `A-F`, `a-f`; set-up moves such as
//!   Isolo's `k:0,5,0,3,0,0,8,1`), optionally followed by
//!   `+N`, the seeds the move captured. Move numbers (`1.`, `1...`) may be present or not; they are
//!   checked for form only.
//! * `{...}` is a comment on the move before it (or on the game, before the first move).
//! * `( ... )` after a move is a variation: other moves that could have been played instead of it,
//!   nested to any depth.
//! * The record ends with its result token: `*` (unfinished), the final scores `25-23` (South's
//!   first, as in Aualé's files), or `1-0` (South won), `0-1` (North won), `1/2-1/2` (a draw) when
//!   the game ended otherwise than on the board (see [`result_token`]). The `Result` tag repeats it.
//! * `Termination` says why the game ended, one snake_case word: the rules' reasons
//!   ([`crate::EndReason::as_str`]: `score_majority`, `repetition`, `no_legal_move`, ...) for a
//!   game that ended on the board, or a reason from outside the rules written by whoever ended it,
//!   e.g. `resigned`, `time`, `agreement`, `draw_agreed`, `aborted`. Readers keep it as a tag and
//!   never need it to replay the game.
//! * Other tags (`Event`, `Site`, `Date`, `South`, `North`, `Mode`, ...) are kept and ignored.
//!
//! This module is text only; [`Record::to_game`] and [`Record::from_game`] connect it to the games.
//! With the crate's `serde` feature, [`Record`] is also (de)serialisable as JSON:
//! `{"tags": [[name, value], ...], "comment": ..., "moves": [{"move", "captured", "comment",
//! "variations"}], "result": ...}` (tags as pairs, to keep their order).

use core::fmt;

use crate::variant::{AnyGame, DynGame, Variant};
use crate::Side;

/// The tag that names the preset.
pub const TAG_VARIANT: &str = "Variant";
/// The tag that holds the result token.
pub const TAG_RESULT: &str = "Result";
/// The tag that says why the game ended.
pub const TAG_TERMINATION: &str = "Termination";
/// The tag that holds a start position other than the usual one.
pub const TAG_FEN: &str = "FEN";

/// The result token of a game won by `winner` (`None`: a draw) when no final score tells it:
/// `1-0` (South), `0-1` (North), `1/2-1/2`.
#[must_use]
pub const fn result_token(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::South) => "1-0",
        Some(Side::North) => "0-1",
        None => "1/2-1/2",
    }
}

/// One move of a record, with what hangs on it.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct MoveNode {
    /// The move as written (e.g. `"C"`).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: String,
    /// The capture written after it (`+N`), if any.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub captured: Option<u32>,
    /// The comment after the move.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub comment: Option<String>,
    /// Lines that could have been played instead of this move.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub variations: Vec<Vec<MoveNode>>,
    /// Where the move was read (line, column from 1); `(0, 0)` for moves not read from text.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub at: (u32, u32),
}

impl PartialEq for MoveNode {
    /// Equal moves, captures, comments and variations; where they were read does not matter.
    fn eq(&self, other: &Self) -> bool {
        self.mv == other.mv
            && self.captured == other.captured
            && self.comment == other.comment
            && self.variations == other.variations
    }
}

impl Eq for MoveNode {}

impl MoveNode {
    /// A move without capture, comment or variation.
    #[must_use]
    pub fn new(mv: impl Into<String>) -> Self {
        MoveNode {
            mv: mv.into(),
            ..MoveNode::default()
        }
    }
}

/// A whole record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Record {
    /// Tags in order.
    #[cfg_attr(feature = "serde", serde(default))]
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    #[cfg_attr(feature = "serde", serde(default))]
    pub comment: Option<String>,
    /// The main line.
    #[cfg_attr(feature = "serde", serde(default))]
    pub moves: Vec<MoveNode>,
    /// The result token (`*`, `25-23`, `1-0`, ...), if written.
    #[cfg_attr(feature = "serde", serde(default))]
    pub result: Option<String>,
}

/// Which flavour of the format to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// This project's records: variations kept, lower-case variant names.
    Mancala,
    /// Aualé's `.ogn`: its tag roster, `Variant "Oware Abapa"`, no variations (Aualé cannot read
    /// nested ones).
    Ogn,
}

crate::error::error_struct! {
    /// A record could not be read: where, what was expected and what was found.
    pub struct RecordError {
        /// Line, from 1.
        pub line: u32,
        /// Column (in characters), from 1.
        pub column: u32,
        /// What was expected.
        pub expected: String,
        /// What was found.
        pub found: String,
    }
    display "line {line}, column {column}: expected {expected}, found {found}"
}

/// A record could not be replayed: a bad tag or a move that is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Line and column of the move or tag at fault (`(0, 0)` when unknown).
    pub at: (u32, u32),
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at == (0, 0) {
            f.write_str(&self.message)
        } else {
            write!(
                f,
                "line {}, column {}: {}",
                self.at.0, self.at.1, self.message
            )
        }
    }
}

impl std::error::Error for ReplayError {}

/// Aualé's name of the Abapa rules.
pub const OGN_ABAPA: &str = "Oware Abapa";
/// Aualé's fixed tags, written first and in this order.
const OGN_ROSTER: [&str; 8] = [
    "Variant", "Event", "Site", "Date", "Round", "South", "North", "Result",
];
/// The prefix of rule option tags.
pub const RULE_PREFIX: &str = "Rule_";

impl Record {
    /// A tag's value.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Sets the result token, in the `Result` tag and after the moves alike. `token` must be a
    /// result token (`*`, `S-N` scores, `1-0`, `0-1`, `1/2-1/2`, see [`result_token`]).
    ///
    /// A `token` that is not a result token is refused with `false`, and nothing changes.
    pub fn set_result(&mut self, token: &str) -> bool {
        if !is_result(token) {
            return false;
        }
        self.set_tag(TAG_RESULT, token);
        self.result = Some(token.to_string());
        true
    }

    /// Why the game ended (the `Termination` tag), if written.
    #[must_use]
    pub fn termination(&self) -> Option<&str> {
        self.tag(TAG_TERMINATION)
    }

    /// Records why the game ended (the `Termination` tag), e.g. `"resigned"`.
    pub fn set_termination(&mut self, reason: &str) {
        self.set_tag(TAG_TERMINATION, reason);
    }

    /// Records a game that ended outside the rules (a resignation, a flag fall, an agreement):
    /// the result token of `winner` and the `Termination` reason.
    pub fn set_ending(&mut self, winner: Option<Side>, reason: &str) {
        self.set_result(result_token(winner));
        self.set_termination(reason);
    }

    /// Reads a record (this project's format or Aualé's `.ogn`).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        Parser::new(text).record()
    }

    /// Writes the record in `dialect`.
    #[must_use]
    pub fn write(&self, dialect: Dialect) -> String {
        let mut out = String::new();
        let mut tags = self.tags.clone();
        if dialect == Dialect::Ogn {
            for (name, value) in &mut tags {
                if name == "Variant" && value.eq_ignore_ascii_case("abapa") {
                    *value = OGN_ABAPA.to_string();
                }
                if name == "Position" {
                    *name = "FEN".to_string();
                }
            }
            let mut ordered = Vec::new();
            for r in OGN_ROSTER {
                let value = tags
                    .iter()
                    .find(|(n, _)| n == r)
                    .map_or_else(|| default_roster_value(r), |(_, v)| v.clone());
                ordered.push((r.to_string(), value));
            }
            for (n, v) in &tags {
                if !OGN_ROSTER.contains(&n.as_str()) {
                    ordered.push((n.clone(), v.clone()));
                }
            }
            tags = ordered;
        }
        for (name, value) in &tags {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
        let mut tokens = Vec::new();
        if let Some(c) = &self.comment {
            tokens.push(format!("{{ {} }}", clean_comment(c)));
        }
        write_line(&self.moves, 0, dialect, &mut tokens);
        tokens.push(self.result.clone().unwrap_or_else(|| "*".to_string()));
        out.push('\n');
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// The preset named by the `Variant` tag (default: `abapa`, as in Aualé's files).
    pub fn variant(&self) -> Result<Variant, ReplayError> {
        let name = self.tag("Variant").unwrap_or("abapa");
        let name = if name.eq_ignore_ascii_case(OGN_ABAPA) {
            "abapa"
        } else {
            name
        };
        Variant::from_name(name).map_err(|e| ReplayError {
            at: (0, 0),
            message: format!("tag Variant: {e}"),
        })
    }

    /// The rule options set by `Rule_NAME` tags.
    #[must_use]
    pub fn rules(&self) -> Vec<(String, String)> {
        self.tags
            .iter()
            .filter_map(|(n, v)| {
                n.strip_prefix(RULE_PREFIX)
                    .map(|name| (name.to_string(), v.clone()))
            })
            .collect()
    }

    /// The start position named by `FEN` or `Position`, if any.
    #[must_use]
    pub fn start_position(&self) -> Option<&str> {
        self.tag("FEN").or_else(|| self.tag("Position"))
    }

    /// The game at the start of the record (variant, rules and position from the tags).
    pub fn start_game(&self) -> Result<AnyGame, ReplayError> {
        self.variant()?
            .new_game(&self.rules(), self.start_position())
            .map_err(|e| ReplayError {
                at: (0, 0),
                message: format!("tags: {e}"),
            })
    }

    /// The game after the main line, every variation checked as well (each move legal, each
    /// written capture equal to the real one).
    pub fn to_game(&self) -> Result<AnyGame, ReplayError> {
        let mut game = self.start_game()?;
        replay_line(&mut game, &self.moves)?;
        Ok(game)
    }

    /// A record of `game` from its start: the variant, the options that differ from the preset,
    /// the start position when it is not the usual one, the moves with their captures, and the
    /// result (`S-N` scores) once the game is over.
    #[must_use]
    pub fn from_game(game: &dyn DynGame) -> Record {
        let variant = game.variant();
        let info = variant.info();
        let mut rec = Record::default();
        rec.set_tag(TAG_VARIANT, info.name);
        let mut rules = Vec::new();
        for o in game.options() {
            let preset = info.options.iter().find(|d| d.name == o.name);
            if preset.is_none_or(|d| d.value != o.value) {
                rec.set_tag(&format!("{RULE_PREFIX}{}", o.name), o.value.clone());
                rules.push((o.name.to_string(), o.value.clone()));
            }
        }
        let mut start = game.clone_box();
        while start.undo() {}
        let usual = variant
            .new_game(&rules, None)
            .map(|g| g.notation())
            .unwrap_or_default();
        if start.notation() != usual {
            rec.set_tag(TAG_FEN, start.notation());
        }
        for mv in game.moves() {
            let captured = start.play(&mv).unwrap_or(0);
            let mut node = MoveNode::new(mv);
            node.captured = (captured > 0).then_some(captured);
            rec.moves.push(node);
        }
        let state = game.state();
        let result = if state.outcome.is_some() {
            format!("{}-{}", state.stores[0], state.stores[1])
        } else {
            "*".to_string()
        };
        rec.set_tag(TAG_RESULT, result.clone());
        rec.result = Some(result);
        if let Some(o) = state.outcome {
            rec.set_termination(o.reason.as_str());
        }
        rec
    }
}

fn default_roster_value(name: &str) -> String {
    match name {
        "Variant" => OGN_ABAPA.to_string(),
        "Result" => "*".to_string(),
        _ => "?".to_string(),
    }
}

fn replay_line(game: &mut dyn DynGame, line: &[MoveNode]) -> Result<(), ReplayError> {
    for node in line {
        for variation in &node.variations {
            let mut alt = game.clone_box();
            replay_line(&mut *alt, variation)?;
        }
        let captured = game.play(&node.mv).map_err(|e| ReplayError {
            at: node.at,
            message: e.to_string(),
        })?;
        if let Some(written) = node.captured {
            if written != captured {
                return Err(ReplayError {
                    at: node.at,
                    message: format!(
                        "move {} is written as capturing {written} but captures {captured}",
                        node.mv
                    ),
                });
            }
        }
    }
    Ok(())
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn clean_comment(c: &str) -> String {
    c.replace('}', ")")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn write_line(line: &[MoveNode], first_ply: usize, dialect: Dialect, out: &mut Vec<String>) {
    let mut need_number = true;
    for (k, node) in line.iter().enumerate() {
        let ply = first_ply + k;
        let number = ply / 2 + 1;
        if ply % 2 == 0 {
            out.push(format!("{number}."));
        } else if need_number {
            out.push(format!("{number}..."));
        }
        need_number = false;
        let mut mv = node.mv.clone();
        if let Some(c) = node.captured.filter(|&c| c > 0) {
            mv.push_str(&format!("+{c}"));
        }
        out.push(mv);
        if let Some(c) = &node.comment {
            out.push(format!("{{ {} }}", clean_comment(c)));
            need_number = true;
        }
        if dialect == Dialect::Mancala {
            for v in &node.variations {
                let mut inner = Vec::new();
                write_line(v, ply, dialect, &mut inner);
                if let Some(first) = inner.first_mut() {
                    first.insert(0, '(');
                } else {
                    inner.push("(".to_string());
                }
                if let Some(last) = inner.last_mut() {
                    last.push(')');
                }
                out.extend(inner);
                need_number = true;
            }
        }
    }
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    line: u32,
    column: u32,
    _text: &'a str,
}

const MAX_DEPTH: usize = 64;

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            chars: text.chars().collect(),
            pos: 0,
            line: 1,
            column: 1,
            _text: text,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the record".to_string(),
            Some(c) if c.is_whitespace() => "a space".to_string(),
            Some(c) => format!("{c:?}"),
        }
    }

    fn error(&self, expected: &str) -> RecordError {
        RecordError {
            line: self.line,
            column: self.column,
            expected: expected.to_string(),
            found: self.found(),
        }
    }

    fn skip_space(&mut self) {
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                // `;` comments to the end of the line, as in PGN.
                Some(';') => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                _ => return,
            }
        }
    }

    fn record(mut self) -> Result<Record, RecordError> {
        let mut rec = Record::default();
        self.skip_space();
        // A byte-order mark some editors write.
        if self.peek() == Some('\u{feff}') {
            self.bump();
            self.skip_space();
        }
        while self.peek() == Some('[') {
            let tag = self.tag()?;
            rec.tags.push(tag);
            self.skip_space();
        }
        let mut result = None;
        rec.moves = self.line(0, &mut rec.comment, &mut result)?;
        rec.result = result;
        Ok(rec)
    }

    fn tag(&mut self) -> Result<(String, String), RecordError> {
        self.bump(); // '['
        self.skip_space();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(self.error("a tag name"));
        }
        self.skip_space();
        if self.peek() != Some('"') {
            return Err(self.error("a quoted tag value"));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => return Err(self.error("the closing '\"' of the tag value")),
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        self.skip_space();
        if self.peek() != Some(']') {
            return Err(self.error("']' to close the tag"));
        }
        self.bump();
        Ok((name, value))
    }

    fn comment(&mut self) -> Result<String, RecordError> {
        self.bump(); // '{'
        let mut text = String::new();
        loop {
            match self.peek() {
                None => return Err(self.error("'}' to close the comment")),
                Some('}') => {
                    self.bump();
                    break;
                }
                Some(c) => {
                    text.push(c);
                    self.bump();
                }
            }
        }
        Ok(text.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| !c.is_whitespace() && !"{}()[];".contains(*c))
        {
            w.push(c);
            self.bump();
        }
        w
    }

    fn line(
        &mut self,
        depth: usize,
        game_comment: &mut Option<String>,
        result: &mut Option<String>,
    ) -> Result<Vec<MoveNode>, RecordError> {
        let mut nodes: Vec<MoveNode> = Vec::new();
        loop {
            self.skip_space();
            let Some(c) = self.peek() else {
                if depth > 0 {
                    return Err(self.error("')' to close the variation"));
                }
                return Ok(nodes);
            };
            match c {
                ')' => {
                    if depth == 0 {
                        return Err(self.error("a move, a comment or the result"));
                    }
                    self.bump();
                    if nodes.is_empty() {
                        return Err(RecordError {
                            expected: "at least one move in the variation".into(),
                            found: "')'".into(),
                            line: self.line,
                            column: self.column - 1,
                        });
                    }
                    return Ok(nodes);
                }
                '(' => {
                    if nodes.is_empty() {
                        return Err(self.error("a move before the variation"));
                    }
                    if depth >= MAX_DEPTH {
                        return Err(self.error("variations nested less deeply"));
                    }
                    self.bump();
                    let mut none = None;
                    let mut no_result = None;
                    let v = self.line(depth + 1, &mut none, &mut no_result)?;
                    if let Some(last) = nodes.last_mut() {
                        last.variations.push(v);
                    }
                }
                '{' => {
                    let text = self.comment()?;
                    let slot = match nodes.last_mut() {
                        Some(last) => &mut last.comment,
                        None if depth == 0 => &mut *game_comment,
                        None => return Err(self.error("a move before the comment")),
                    };
                    *slot = Some(match slot.take() {
                        Some(old) => format!("{old} {text}"),
                        None => text,
                    });
                }
                '[' => return Err(self.error("a move (tags come before the moves)")),
                '}' | ']' => return Err(self.error("a move, a comment or the result")),
                _ => {
                    let (line, column) = (self.line, self.column);
                    let w = self.word();
                    if is_move_number(&w) {
                        continue;
                    }
                    if is_result(&w) {
                        if depth > 0 {
                            return Err(RecordError {
                                line,
                                column,
                                expected: "a move or ')' (a result ends the main line only)".into(),
                                found: format!("{w:?}"),
                            });
                        }
                        self.skip_space();
                        if self.peek().is_some() {
                            return Err(self.error("the end of the record after the result"));
                        }
                        *result = Some(w);
                        return Ok(nodes);
                    }
                    let (mv, captured) = split_capture(&w);
                    if mv.is_empty()
                        || !mv
                            .chars()
                            .all(|c| c.is_alphanumeric() || ",-/._:".contains(c))
                    {
                        return Err(RecordError {
                            line,
                            column,
                            expected: "a move, a comment or the result".into(),
                            found: format!("{w:?}"),
                        });
                    }
                    nodes.push(MoveNode {
                        mv: mv.to_string(),
                        captured,
                        comment: None,
                        variations: Vec::new(),
                        at: (line, column),
                    });
                }
            }
        }
    }
}

fn is_move_number(w: &str) -> bool {
    let digits = w.trim_end_matches('.');
    digits.len() < w.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

fn is_result(w: &str) -> bool {
    if w == "*" || w == "1/2-1/2" {
        return true;
    }
    let mut parts = w.split('-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), None) => {
            !a.is_empty()
                && !b.is_empty()
                && a.len() <= 4
                && b.len() <= 4
                && a.chars().all(|c| c.is_ascii_digit())
                && b.chars().all(|c| c.is_ascii_digit())
        }
        _ => false,
    }
}

fn split_capture(w: &str) -> (&str, Option<u32>) {
    if let Some((mv, n)) = w.rsplit_once('+') {
        if !mv.is_empty() && !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) {
            if let Ok(n) = n.parse() {
                return (mv, Some(n));
            }
        }
    }
    (w, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"[Variant "abapa"]
[Event "Club \"night\""]
[Result "*"]

{ a quiet opening } 1. C f 2. B { natural } b ( 2... a 3. D ( 3. E { deep } ) ) 3. A *
"#;

    #[test]
    fn reads_tags_moves_comments_and_nested_variations() {
        let r = Record::parse(SAMPLE).unwrap();
        assert_eq!(r.tag("Event"), Some("Club \"night\""));
        assert_eq!(r.comment.as_deref(), Some("a quiet opening"));
        let mvs: Vec<&str> = r.moves.iter().map(|m| m.mv.as_str()).collect();
        assert_eq!(mvs, ["C", "f", "B", "b", "A"]);
        assert_eq!(r.moves[2].comment.as_deref(), Some("natural"));
        let v = &r.moves[3].variations[0];
        assert_eq!(v[0].mv, "a");
        assert_eq!(v[1].variations[0][0].mv, "E");
        assert_eq!(v[1].variations[0][0].comment.as_deref(), Some("deep"));
        assert_eq!(r.result.as_deref(), Some("*"));
        assert_eq!(r.moves[0].at, (5, 24));
    }

    #[test]
    fn round_trips_with_variations_and_comments() {
        let r = Record::parse(SAMPLE).unwrap();
        let text = r.write(Dialect::Mancala);
        let again = Record::parse(&text).unwrap();
        assert_eq!(r, again);
        assert_eq!(text, again.write(Dialect::Mancala));
    }

    #[test]
    fn ogn_drops_variations_and_uses_aualé_names() {
        let r = Record::parse(SAMPLE).unwrap();
        let text = r.write(Dialect::Ogn);
        assert!(text.starts_with("[Variant \"Oware Abapa\"]\n[Event"));
        assert!(text.contains("[South \"?\"]"));
        assert!(!text.contains('('));
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.variant().unwrap(), Variant::Abapa);
        assert_eq!(back.moves.len(), 5);
    }

    #[test]
    fn reads_an_aualé_file() {
        let text = "[Variant \"Oware Abapa\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[South \"?\"]\n[North \"?\"]\n[Result \"*\"]\n\n1. F a 2. E b 3. D { hmm } c *\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.variant().unwrap(), Variant::Abapa);
        let g = r.to_game().unwrap();
        assert_eq!(g.moves().len(), 6);
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = Record::parse("[Variant \"abapa\"\n1. A").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.expected.contains("']'"), "{e}");
        let e = Record::parse("1. A ( b").unwrap_err();
        assert!(e.expected.contains("')'"), "{e}");
        let e = Record::parse("1. A { open").unwrap_err();
        assert!(e.expected.contains("'}'"), "{e}");
        let e = Record::parse("( A )").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = Record::parse("1. A *\n2. B").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("1. A )").unwrap_err();
        assert_eq!(e.column, 6);
        let e = Record::parse("1. A [X \"y\"]").unwrap_err();
        assert!(e.expected.contains("tags come before"), "{e}");
    }

    #[test]
    fn set_up_moves_are_single_words() {
        let r = Record::parse("1. k:0,5,0,3,0,0,8,1 k:1,1,1,1,1,1,1,1 2. A+3 *").unwrap();
        assert_eq!(r.moves[0].mv, "k:0,5,0,3,0,0,8,1");
        assert_eq!(r.moves[2].captured, Some(3));
        assert_eq!(Record::parse(&r.write(Dialect::Mancala)).unwrap(), r);
    }

    #[test]
    fn never_panics_on_junk() {
        for text in [
            "", "[", "[A", "[A \"", "((((", "}", "1.", "+3", "A+", "{", "\u{feff}", "1-0 x",
            "(((A)))",
        ] {
            let _ = Record::parse(text);
        }
        let deep = "1. A ".to_string() + &"(A ".repeat(200);
        assert!(Record::parse(&deep).is_err());
    }

    #[test]
    fn from_game_writes_changed_rules_position_and_captures() {
        let mut g = Variant::Abapa
            .new_game(
                &[("grand_slam".into(), "Allowed".into())],
                Some("0-0-0-0-0-2-1-1-0-0-0-0-20-24-S"),
            )
            .unwrap();
        g.play("F").unwrap();
        let r = Record::from_game(&g);
        assert_eq!(r.tag("Rule_grand_slam"), Some("Allowed"));
        assert!(r.tag("FEN").is_some());
        let back = Record::parse(&r.write(Dialect::Mancala)).unwrap();
        let g2 = back.to_game().unwrap();
        assert_eq!(g2.notation(), g.notation());
        assert_eq!(back.moves[0].captured, r.moves[0].captured);
    }

    #[test]
    fn replay_reports_the_illegal_move_and_its_place() {
        let r = Record::parse("[Variant \"oware\"]\n1. A b\n2. A").unwrap();
        let e = r.to_game().err().unwrap();
        assert_eq!(e.at, (3, 4));
        let r = Record::parse("1. A+3").unwrap();
        assert!(r.to_game().err().unwrap().message.contains("capturing 3"));
        let r = Record::parse("1. A (1. z)").unwrap();
        assert!(r.to_game().is_err());
    }
}
