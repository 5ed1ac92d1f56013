//! The boundary between the rules and the front ends: every preset by name, one descriptor per
//! preset, and [`AnyGame`], a closed enum of every game type that the CLI, the server and bindings
//! drive without knowing the concrete position type. [`DynGame`] is the interface it implements
//! (by one `match`); code that needs the concrete type matches on the enum, so a new game type
//! is a new arm that the compiler asks for in every such place.

pub use crate::options::OptionInfo;

use crate::ba_awa::{BaAwa, BaAwaRules};
use crate::extras::{BaAwaExtras, Extras};
use crate::isolo::{Isolo, IsoloRules};
use crate::olowuka::{Olowuka, OlowukaRules};
use crate::oware::{Oware, OwareRules};
use crate::trace::{SettleKind, SowBoard, SowStep, SowTrace, DROP_CAP};
use crate::{Game, Illegal, Outcome, ParseMoveError, Position, RuleSet, SetupError, Side};

/// Every preset a user can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The Oware app's rules read literally (rules.md §1).
    Oware,
    /// International Abapa (= OpenSpiel `oware`, Aualé).
    Abapa,
    /// Wuri (rules.md §3).
    Wuri,
    /// Awari as Romein and Bal solved it (2002): endless cycles share the seeds left.
    Awari,
    /// Ouril, Cabo Verde (rules.md §2).
    Ouril,
    /// Ludii's reading of Ouril, for cross-checking (rules.md OU-f).
    OurilLudii,
    /// Ọlọwuka, relay sowing (rules.md §4).
    Olowuka,
    /// Ba-awa, relay sowing with captures of four and a match over pit ownership (rules.md §5).
    BaAwa,
    /// Isolo (Zambia, 2x8): foregame, kucheleka set-up, proper game (rules.md §6).
    Isolo,
}

/// A preset's descriptor: the single source for `mancala variants`, `--help`, the API and the UI.
///
/// With the crate's `serde` feature it serialises as the object `GET /api/variants` lists (before
/// the server's own additions): `name`, `aliases`, `board`, `summary`, `spec`, `options` (each
/// an [`OptionInfo`] with the preset's default as its `value`).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VariantInfo {
    /// The canonical name.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// Board shape, e.g. `"2x6"`.
    pub board: &'static str,
    /// One line on the rules.
    pub summary: &'static str,
    /// Where players read the rules: the preset's rules page in the repository
    /// (`web/rules/NAME.html`, served by `mancala serve` at `/rules/NAME`).
    pub spec: &'static str,
    /// The options with the preset's defaults.
    pub options: Vec<OptionInfo>,
}

impl Variant {
    /// Every preset, in the order they are listed.
    pub const ALL: [Variant; 9] = [
        Variant::Oware,
        Variant::Abapa,
        Variant::Wuri,
        Variant::Awari,
        Variant::Ouril,
        Variant::OurilLudii,
        Variant::Olowuka,
        Variant::BaAwa,
        Variant::Isolo,
    ];

    /// The canonical name.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.info_static().0
    }

    fn info_static(
        self,
    ) -> (
        &'static str,
        &'static [&'static str],
        &'static str,
        &'static str,
        &'static str,
    ) {
        match self {
            Variant::Oware => ("oware", &[], "2x6", "Oware as the Oware app describes it: grand slam forbidden (a forced one loses), must feed, seeds left unscored when nobody can feed", "web/rules/oware.html"),
            Variant::Abapa => ("abapa", &["awale"], "2x6", "international Abapa rules: a grand slam captures nothing, must feed, each takes his own row when nobody can feed (= OpenSpiel oware, Aualé)", "web/rules/abapa.html"),
            Variant::Wuri => ("wuri", &[], "2x6", "Wuri: Abapa mechanics (grand slam forfeits the capture)", "web/rules/wuri.html"),
            Variant::Awari => ("awari", &[], "2x6", "Awari as Romein and Bal solved it: no move may leave the opponent without seeds unless all do, a player with no seeds leaves the rest to his opponent, an endless cycle shares the seeds left (halves count)", "web/rules/awari.html"),
            Variant::Ouril => ("ouril", &["ouri", "uril"], "2x6", "Ouril (Cabo Verde): singletons only when nothing bigger, a grand slam earns an extra turn that must feed", "web/rules/ouril.html"),
            Variant::OurilLudii => ("ouril-ludii", &[], "2x6", "Ouril as Ludii's Uril.lud plays it (grand slam illegal, no singleton rule), for cross-checking", "web/rules/ouril-ludii.html"),
            Variant::Olowuka => ("olowuka", &["ọlọwuka"], "2x6", "Ọlọwuka (Yoruba): relay sowing while the last pit holds 4+, 2/3 chain captures, a grand slam leaves the chain's last pit, must not starve", "web/rules/olowuka.html"),
            Variant::BaAwa => ("ba-awa", &["nam-nam", "anenam"], "2x6", "Ba-awa (Ghana): relay sowing, every 4 made while sowing is captured, a match of rounds won by owning 10 pits", "web/rules/ba-awa.html"),
            Variant::Isolo => ("isolo", &["isolo-zambia"], "2x8", "Isolo (Zambia): a foregame with stock seeds, the winner's kucheleka set-up, then the proper game; empty the opponent's row to win (S4 read literally)", "web/rules/isolo.html"),
        }
    }

    /// The preset's descriptor with its default options.
    #[must_use]
    pub fn info(self) -> VariantInfo {
        let (name, aliases, board, summary, spec) = self.info_static();
        let options = match self.rules() {
            PresetRules::Oware(r) => r.options(),
            PresetRules::Olowuka(r) => r.options(),
            PresetRules::BaAwa(r) => r.options(),
            PresetRules::Isolo(r) => r.options(),
        };
        VariantInfo {
            name,
            aliases,
            board,
            summary,
            spec,
            options,
        }
    }

    /// The preset's rules: the one place a preset is tied to its game type and its options.
    fn rules(self) -> PresetRules {
        match self {
            Variant::Oware => PresetRules::Oware(OwareRules::oware()),
            Variant::Abapa => PresetRules::Oware(OwareRules::abapa()),
            Variant::Wuri => PresetRules::Oware(OwareRules::wuri()),
            Variant::Awari => PresetRules::Oware(OwareRules::awari()),
            Variant::Ouril => PresetRules::Oware(OwareRules::ouril()),
            Variant::OurilLudii => PresetRules::Oware(OwareRules::ouril_ludii()),
            Variant::Olowuka => PresetRules::Olowuka(OlowukaRules::default()),
            Variant::BaAwa => PresetRules::BaAwa(BaAwaRules::default()),
            Variant::Isolo => PresetRules::Isolo(IsoloRules::isolo()),
        }
    }

    /// The preset's rules if it is one of the Oware family (`oware`, `abapa`, `wuri`, `awari`,
    /// `ouril`, `ouril-ludii`), else `None`.
    #[must_use]
    pub fn oware_rules(self) -> Option<OwareRules> {
        match self.rules() {
            PresetRules::Oware(r) => Some(r),
            PresetRules::Olowuka(_) | PresetRules::BaAwa(_) | PresetRules::Isolo(_) => None,
        }
    }

    /// Finds a preset by name or alias (case-insensitive).
    pub fn from_name(name: &str) -> Result<Variant, SetupError> {
        let want = crate::options::normalize(name);
        Variant::ALL
            .iter()
            .copied()
            .find(|v| {
                let (n, aliases, ..) = v.info_static();
                crate::options::normalize(n) == want
                    || aliases.iter().any(|a| crate::options::normalize(a) == want)
            })
            .ok_or_else(|| SetupError::UnknownVariant {
                name: name.to_string(),
                known: Variant::ALL.iter().map(|v| v.name()).collect(),
            })
    }

    /// A new game of this preset with `rules` (`NAME`, `VALUE` pairs) set on top, starting at
    /// `position` (the game's notation) or at the start position.
    pub fn new_game(
        self,
        rules: &[(String, String)],
        position: Option<&str>,
    ) -> Result<AnyGame, SetupError> {
        Ok(match self.rules() {
            PresetRules::Oware(r) => AnyGame::Oware(Session::build(self, r, rules, position)?),
            PresetRules::Olowuka(r) => AnyGame::Olowuka(Session::build(self, r, rules, position)?),
            PresetRules::BaAwa(r) => AnyGame::BaAwa(Session::build(self, r, rules, position)?),
            PresetRules::Isolo(r) => AnyGame::Isolo(Session::build(self, r, rules, position)?),
        })
    }
}

/// A preset's rules, of its game type: one arm per game type, like [`AnyGame`].
#[derive(Clone, Copy, Debug)]
enum PresetRules {
    Oware(OwareRules),
    Olowuka(OlowukaRules),
    BaAwa(BaAwaRules),
    Isolo(IsoloRules),
}

/// Splits `NAME=VALUE`.
pub fn parse_rule_assignment(text: &str) -> Result<(String, String), crate::RuleError> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| crate::RuleError::Syntax(text.to_string()))?;
    let (name, value) = (name.trim(), value.trim());
    if name.is_empty() || value.is_empty() {
        return Err(crate::RuleError::Syntax(text.to_string()));
    }
    Ok((name.to_string(), value.to_string()))
}

/// A snapshot of a game's state in the shape of `mancala trace`.
///
/// With the crate's `serde` feature it serialises as the state object of `docs/state.md`, the
/// one `mancala trace` prints and the server's API sends: `position`, `pits`, `stores`,
/// `to_move` (a side or `null`), `legal`, `captured`, `over`, `result` (`"south"`, `"north"`,
/// `"draw"` or `null`), `reason` (the end reason's snake-case word or `null`), then the fields
/// of the game's [`Extras`]. Fields come in that order; through `serde_json::Value` (as the
/// CLI and the server write it) they come sorted, as the document says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateView {
    /// The notation string.
    pub position: String,
    /// Seeds per pit in index order.
    pub pits: Vec<u32>,
    /// `[south, north]`.
    pub stores: [u32; 2],
    /// The player to move, `None` when over.
    pub to_move: Option<Side>,
    /// The legal moves, sorted.
    pub legal: Vec<String>,
    /// Seeds the last move captured (0 at the start).
    pub captured: u32,
    /// The outcome once over.
    pub outcome: Option<Outcome>,
    /// The game's extra state.
    pub extras: Extras,
}

#[cfg(feature = "serde")]
impl serde::Serialize for StateView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The state object's fields, borrowed from the view.
        #[derive(serde::Serialize)]
        struct Fields<'a> {
            position: &'a str,
            pits: &'a [u32],
            stores: [u32; 2],
            to_move: Option<Side>,
            legal: &'a [String],
            captured: u32,
            over: bool,
            result: Option<&'static str>,
            reason: Option<crate::EndReason>,
            #[serde(flatten)]
            extras: &'a Extras,
        }
        serde::Serialize::serialize(
            &Fields {
                position: &self.position,
                pits: &self.pits,
                stores: self.stores,
                to_move: self.to_move,
                legal: &self.legal,
                captured: self.captured,
                over: self.outcome.is_some(),
                result: self.outcome.map(|o| o.result_name()),
                reason: self.outcome.map(|o| o.reason),
                extras: &self.extras,
            },
            serializer,
        )
    }
}

/// A game of any preset: one arm per game type, each holding the [`Session`] of that type.
///
/// It implements [`DynGame`] by one `match`; code that needs the concrete position type (the
/// engine's search, random play) matches on it the same way, and the compiler lists every such
/// place when a game type is added.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// The Oware family (`oware`, `abapa`, `wuri`, `ouril`, `ouril-ludii`).
    Oware(Session<Oware>),
    /// Ọlọwuka.
    Olowuka(Session<Olowuka>),
    /// Ba-awa.
    BaAwa(Session<BaAwa>),
    /// Isolo.
    Isolo(Session<Isolo>),
}

/// Evaluates `$body` with `$x` bound to what the arm of `$value` holds, `$value` being of an enum
/// `$enum` (a name or a path) with one arm per game type named after it, each holding one value,
/// like [`AnyGame`]: the one list of the game types for code that runs the same on each (an
/// enum that lacks a game fails to compile).
///
/// ```
/// use mancala_core::variant::{AnyGame, Variant};
/// let game = Variant::from_name("isolo").unwrap().new_game(&[], None).unwrap();
/// let plies = mancala_core::match_game!(AnyGame, &game, s => s.game().moves().len());
/// assert_eq!(plies, 0);
/// ```
#[macro_export]
macro_rules! match_game {
    ($($enum:ident)::+, $value:expr, $x:ident => $body:expr) => {
        match $value {
            $($enum)::+::Oware($x) => $body,
            $($enum)::+::Olowuka($x) => $body,
            $($enum)::+::BaAwa($x) => $body,
            $($enum)::+::Isolo($x) => $body,
        }
    };
}

/// Evaluates `$body` with `$s` bound to the session inside `$game` (an [`AnyGame`] or a
/// reference to one), whatever its type.
macro_rules! each_game {
    ($game:expr, $s:ident => $body:expr) => {
        $crate::match_game!(AnyGame, $game, $s => $body)
    };
}

impl DynGame for AnyGame {
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn variant(&self) -> Variant {
        each_game!(self, s => s.variant())
    }
    fn options(&self) -> Vec<OptionInfo> {
        each_game!(self, s => s.options())
    }
    fn state(&self) -> StateView {
        each_game!(self, s => s.state())
    }
    fn notation(&self) -> String {
        each_game!(self, s => s.notation())
    }
    fn play(&mut self, text: &str) -> Result<u32, DynPlayError> {
        each_game!(self, s => s.play(text))
    }
    fn undo(&mut self) -> bool {
        each_game!(self, s => s.undo())
    }
    fn moves(&self) -> Vec<String> {
        each_game!(self, s => DynGame::moves(s))
    }
    fn perft(&self, depth: u32) -> u64 {
        each_game!(self, s => s.perft(depth))
    }
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        each_game!(self, s => s.perft_divide(depth))
    }
    fn pits_per_row(&self) -> usize {
        each_game!(self, s => s.pits_per_row())
    }
    fn sowing(&self, mv: &str) -> Result<Vec<SowStep>, DynPlayError> {
        each_game!(self, s => s.sowing(mv))
    }
    fn agreement_outcome(&self) -> Outcome {
        each_game!(self, s => s.agreement_outcome())
    }
}

/// A game of any preset behind one object-safe interface ([`AnyGame`] and every [`Session`]
/// implement it).
pub trait DynGame: Send + Sync {
    /// A copy of this game, history included.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The preset.
    fn variant(&self) -> Variant;
    /// The rule options in force.
    fn options(&self) -> Vec<OptionInfo>;
    /// The current state.
    fn state(&self) -> StateView;
    /// The current position's notation.
    fn notation(&self) -> String;
    /// Parses and plays a move; on error nothing changes.
    fn play(&mut self, text: &str) -> Result<u32, DynPlayError>;
    /// Takes back the last move; false at the start.
    fn undo(&mut self) -> bool;
    /// Moves played so far, as text.
    fn moves(&self) -> Vec<String>;
    /// Perft from the current position (continuing its repetition history).
    fn perft(&self, depth: u32) -> u64;
    /// Perft divided by first move.
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// Number of seeds per pit at most, for front ends that draw the board.
    fn pits_per_row(&self) -> usize;
    /// What the move `mv` would do in the current position, step by step (see
    /// [`crate::trace`]): replaying the steps on the current board gives the board after the move,
    /// the game's end, a round's or a phase's included (a final [`SowStep::Settle`]). Nothing
    /// changes; an illegal move is refused with the reason.
    fn sowing(&self, mv: &str) -> Result<Vec<SowStep>, DynPlayError>;
    /// The result if both players agree to end the game now (see
    /// [`Position::agreement_outcome`]).
    fn agreement_outcome(&self) -> Outcome;
}

/// A move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DynPlayError {
    /// The text is not a move.
    Parse(ParseMoveError),
    /// The move is not legal.
    Illegal {
        /// The move as given.
        mv: String,
        /// Why.
        reason: Illegal,
    },
}

impl core::fmt::Display for DynPlayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DynPlayError::Parse(e) => e.fmt(f),
            DynPlayError::Illegal { mv, reason } => write!(f, "illegal move {mv}: {reason}"),
        }
    }
}

impl std::error::Error for DynPlayError {}

/// The generic [`DynGame`] over any position type.
#[derive(Clone, Debug)]
pub struct Session<P: Position> {
    variant: Variant,
    game: Game<P>,
    row: usize,
}

impl<P: Position> Session<P> {
    /// Builds a session from preset rules, option assignments and an optional position.
    pub fn build(
        variant: Variant,
        mut rules: P::Rules,
        assignments: &[(String, String)],
        position: Option<&str>,
    ) -> Result<Self, SetupError> {
        for (name, value) in assignments {
            rules.set(name, value)?;
        }
        let start = match position {
            Some(text) => P::from_notation(text, rules)?,
            None => P::new(rules),
        };
        let row = start.pits().len() / 2;
        Ok(Session {
            variant,
            game: Game::new(start),
            row,
        })
    }

    /// The underlying game.
    pub fn game(&self) -> &Game<P> {
        &self.game
    }
}

impl<P: Position> DynGame for Session<P> {
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn variant(&self) -> Variant {
        self.variant
    }

    fn options(&self) -> Vec<OptionInfo> {
        self.game.position().rules().options()
    }

    fn state(&self) -> StateView {
        let pos = self.game.position();
        let mut legal: Vec<String> = pos
            .legal_move_list()
            .iter()
            .map(ToString::to_string)
            .collect();
        legal.sort();
        StateView {
            position: pos.to_string(),
            pits: pos.pits().iter().map(|&x| u32::from(x)).collect(),
            stores: pos.stores(),
            to_move: pos.to_move(),
            legal,
            captured: self.game.moves().last().map_or(0, |r| r.effect.captured),
            outcome: pos.outcome(),
            extras: pos.extras(),
        }
    }

    fn notation(&self) -> String {
        self.game.position().to_string()
    }

    fn play(&mut self, text: &str) -> Result<u32, DynPlayError> {
        let mv = self
            .game
            .position()
            .parse_move(text)
            .map_err(DynPlayError::Parse)?;
        self.game
            .play(mv)
            .map(|e| e.captured)
            .map_err(|reason| DynPlayError::Illegal {
                mv: text.trim().to_string(),
                reason,
            })
    }

    fn undo(&mut self) -> bool {
        self.game.undo().is_some()
    }

    fn moves(&self) -> Vec<String> {
        self.game.moves().iter().map(|r| r.mv.to_string()).collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        let mut h = self.game.history();
        crate::perft_with_history(self.game.position(), depth, &mut h)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut h = self.game.history();
        crate::perft_divide_with_history(self.game.position(), depth, &mut h)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect()
    }

    fn pits_per_row(&self) -> usize {
        self.row
    }

    fn agreement_outcome(&self) -> Outcome {
        self.game.position().agreement_outcome()
    }

    fn sowing(&self, text: &str) -> Result<Vec<SowStep>, DynPlayError> {
        let pos = self.game.position();
        let mv = pos.parse_move(text).map_err(DynPlayError::Parse)?;
        let illegal = |reason| DynPlayError::Illegal {
            mv: text.trim().to_string(),
            reason,
        };
        pos.check_move(mv).map_err(illegal)?;
        let mut trace = SowTrace::new();
        pos.sowing_trace(mv, &mut trace);
        let mut next = self.game.clone();
        next.play(mv).map_err(illegal)?;
        let end = next.position();
        let pits: Vec<u32> = end.pits().iter().map(|&x| u32::from(x)).collect();
        let stores = end.stores();
        let mut board = SowBoard::new(
            pos.pits().iter().map(|&x| u32::from(x)).collect(),
            pos.stores(),
        );
        let replays = trace.steps().iter().all(|s| board.apply(s).is_ok());
        let exact = replays && board.hand == 0 && board.pits == pits && board.stores == stores;
        if trace.summarised() {
            let reason =
                format!("more than {DROP_CAP} seeds sown: the rest of the move is not shown");
            trace.settle(SettleKind::Summary, reason, pits, stores);
        } else if !exact {
            trace.settle(SettleKind::Rules, settle_reason(pos, end), pits, stores);
        }
        Ok(trace.into_steps())
    }
}

/// Why the board after a move is not the board its sowing left: the game, a round or a phase
/// ended, or a set-up was played.
fn settle_reason<P: Position>(before: &P, after: &P) -> String {
    if let Some(o) = after.outcome() {
        return format!("the game ends ({})", o.reason.as_str().replace('_', " "));
    }
    match (before.extras(), after.extras()) {
        (
            _,
            Extras::BaAwa(BaAwaExtras {
                round_end: Some(r), ..
            }),
        ) => format!(
            "round {} ends ({}): the seeds left are taken and the next round is laid out",
            r.round,
            r.reason.as_str().replace('_', " ")
        ),
        (Extras::Isolo(a), Extras::Isolo(b)) if a.phase != b.phase => {
            format!("the {} ends: {} follows", a.phase.name(), b.phase.name())
        }
        _ => "the rules settle the board after the move".to_string(),
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::{DynGame, Variant};

    fn state_of(variant: &str, position: Option<&str>, moves: &[&str]) -> super::StateView {
        let mut game = Variant::from_name(variant)
            .unwrap()
            .new_game(&[], position)
            .unwrap();
        for mv in moves {
            game.play(mv).unwrap();
        }
        game.state()
    }

    #[test]
    fn a_state_serialises_with_the_common_fields_in_order() {
        let json = serde_json::to_string(&state_of("abapa", None, &["C"])).unwrap();
        assert_eq!(
            json,
            r#"{"position":"4-4-0-5-5-5-5-4-4-4-4-4-0-0-N","pits":[4,4,0,5,5,5,5,4,4,4,4,4],"stores":[0,0],"to_move":"north","legal":["a","b","c","d","e","f"],"captured":0,"over":false,"result":null,"reason":null}"#
        );
    }

    #[test]
    fn a_finished_state_names_its_result_and_reason() {
        let state = state_of("abapa", Some("0-0-0-0-0-1-0-0-0-0-0-0-24-23-S"), &["F"]);
        let json = serde_json::to_value(&state).unwrap();
        assert_eq!(json["over"], true);
        assert_eq!(json["to_move"], serde_json::Value::Null);
        assert_eq!(json["result"], "draw");
        assert_eq!(json["reason"], "no_legal_move");
        assert_eq!(json["legal"], serde_json::json!([]));
    }

    #[test]
    fn a_state_carries_its_games_extra_fields() {
        let json = serde_json::to_value(state_of("ba-awa", None, &["A"])).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "captured", "legal", "match", "over", "owners", "pits", "position", "reason",
                "result", "round", "stores", "to_move"
            ]
        );
        assert_eq!(json["match"]["target"], 10);
        assert_eq!(json["owners"][0], "south");
    }

    #[test]
    fn a_preset_serialises_with_its_options() {
        let json = serde_json::to_value(Variant::Ouril.info()).unwrap();
        assert_eq!(json["name"], "ouril");
        assert_eq!(json["aliases"], serde_json::json!(["ouri", "uril"]));
        assert_eq!(json["board"], "2x6");
        assert_eq!(json["spec"], "web/rules/ouril.html");
        let options = json["options"].as_array().unwrap();
        assert_eq!(options.len(), Variant::Ouril.info().options.len());
        let grand_slam = options.iter().find(|o| o["name"] == "grand_slam").unwrap();
        let mut keys: Vec<&String> = grand_slam.as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["doc", "name", "value", "values"]);
    }
}
