//! The file itself: a snapshot written as the header, its records' canonical lines and the
//! trailer with the counts and the SHA-256 of those lines; and a file read back, every line
//! parsed and checked in the file's order, the trailer compared.

use std::collections::HashSet;
use std::io::{BufRead, Write};

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::model::{
    Counts, DumpError, Snapshot, FORMAT_NAME, FORMAT_VERSION, OLDEST_FORMAT_VERSION,
};
use super::record::{
    EndRecord, GameRecord, Header, LearnRecord, PlayerRecord, PointRecord, RatingRecord, Record,
    SessionRecord, TournamentRecord,
};
use crate::store::records::{PlayerRow, RatingRow, TournamentRow};

impl Snapshot {
    /// The records, in file order.
    fn records(&self) -> impl Iterator<Item = Record> + '_ {
        let players = self.players.iter().map(|p| {
            Record::Player(PlayerRecord {
                name: p.name.clone(),
                password: p.password.clone(),
                created: p.created,
                lang: p.lang.clone(),
            })
        });
        let games = self
            .games
            .iter()
            .map(|g| Record::Game(Box::new(GameRecord::of(g))));
        let tournaments = self.tournaments.iter().map(|t| {
            Record::Tournament(TournamentRecord {
                id: t.id.clone(),
                name: t.name.clone(),
                status: t.status.clone(),
                version: t.version,
                created_ms: t.created_ms,
                doc: t.doc.clone(),
            })
        });
        let ratings = self.ratings.iter().map(|(player, variant, r)| {
            Record::Rating(RatingRecord {
                player: player.clone(),
                variant: variant.clone(),
                rating: r.rating.rating,
                deviation: r.rating.deviation,
                volatility: r.rating.volatility,
                games: r.games,
            })
        });
        let history = self.history.iter().map(|(player, p)| {
            Record::RatingPoint(PointRecord {
                player: player.clone(),
                variant: p.variant.clone(),
                game: p.game.clone(),
                at_ms: p.at_ms,
                rating: p.rating,
                deviation: p.deviation,
            })
        });
        let learn = self.learn_progress.iter().map(|(player, path)| {
            Record::LearnProgress(LearnRecord {
                player: player.clone(),
                path: path.clone(),
            })
        });
        let sessions = self.sessions.iter().map(|(token_hash, player, expires)| {
            Record::Session(SessionRecord {
                token_hash: token_hash.clone(),
                player: player.clone(),
                expires: *expires,
            })
        });
        players
            .chain(games)
            .chain(tournaments)
            .chain(ratings)
            .chain(history)
            .chain(learn)
            .chain(sessions)
    }

    /// The SHA-256 of the records' canonical lines (hex).
    #[must_use]
    pub fn checksum(&self) -> String {
        let mut hash = Sha256::new();
        for r in self.records() {
            hash.update(canonical(&r).as_bytes());
        }
        hex::encode(hash.finalize())
    }

    /// Writes the dump file to `out`; answers the counts and the checksum written.
    pub fn write(&self, out: &mut dyn Write) -> Result<(Counts, String), DumpError> {
        let header = Header {
            format: FORMAT_NAME.into(),
            version: FORMAT_VERSION,
        };
        out.write_all(json_line(&header).as_bytes())?;
        let mut hash = Sha256::new();
        for r in self.records() {
            let line = canonical(&r);
            hash.update(line.as_bytes());
            out.write_all(line.as_bytes())?;
        }
        let (counts, sha256) = (self.counts(), hex::encode(hash.finalize()));
        let end = Record::End(EndRecord {
            counts,
            sha256: sha256.clone(),
        });
        out.write_all(canonical(&end).as_bytes())?;
        out.flush()?;
        Ok((counts, sha256))
    }

    /// Reads a dump file: every line parsed and checked, the counts and the checksum compared
    /// with the trailer's. Errors name the line.
    pub fn parse(input: &mut dyn BufRead) -> Result<Snapshot, DumpError> {
        let mut s = Snapshot::default();
        let mut hash = Sha256::new();
        let mut end: Option<(usize, EndRecord)> = None;
        let mut last = 0;
        // Which kind of record may come: the file's order is fixed.
        let mut stage = 0;
        let mut games = HashSet::new();
        let mut tournaments = HashSet::new();
        let mut lines = input.lines();
        let bad = |line: usize, what: String| DumpError::Line { line, what };
        let version = match lines.next() {
            None => return Err(bad(1, "the file is empty".into())),
            Some(first) => {
                let first = first?;
                let header: Header = serde_json::from_str(&first)
                    .map_err(|e| bad(1, format!("not a mancala dump header ({e})")))?;
                if header.format != FORMAT_NAME {
                    return Err(bad(
                        1,
                        format!("format {:?} is not {FORMAT_NAME:?}", header.format),
                    ));
                }
                if !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&header.version) {
                    return Err(bad(
                        1,
                        format!(
                            "format version {} is not known (this program reads versions \
                             {OLDEST_FORMAT_VERSION} to {FORMAT_VERSION})",
                            header.version
                        ),
                    ));
                }
                header.version
            }
        };
        for (k, line) in lines.enumerate() {
            let line_no = k + 2;
            last = line_no;
            let line = line?;
            if let Some((at, _)) = &end {
                return Err(bad(
                    line_no,
                    format!("a line after the trailer (line {at})"),
                ));
            }
            let record: Record =
                serde_json::from_str(&line).map_err(|e| bad(line_no, e.to_string()))?;
            let kind = match &record {
                Record::Player(_) => 1,
                Record::Game(_) => 2,
                Record::Tournament(_) => 3,
                Record::Rating(_) => 4,
                Record::RatingPoint(_) => 5,
                Record::LearnProgress(_) => 6,
                Record::Session(_) => 7,
                Record::End(_) => 8,
            };
            if kind == 3 && version < 2 {
                return Err(bad(
                    line_no,
                    format!("a tournament in a file of format version {version}, which has none"),
                ));
            }
            if kind == 6 && version < 3 {
                return Err(bad(
                    line_no,
                    format!(
                        "lesson progress in a file of format version {version}, which has none"
                    ),
                ));
            }
            if kind < stage {
                return Err(bad(line_no, "a record out of the file's order".into()));
            }
            stage = kind;
            if !matches!(record, Record::End(_)) {
                // The bytes as written: the checksum never depends on how a value reads back.
                hash.update(line.as_bytes());
                hash.update(b"\n");
            }
            match record {
                Record::Player(p) => s.players.push(PlayerRow {
                    name: p.name,
                    password: p.password,
                    created: p.created,
                    lang: p.lang,
                }),
                Record::Game(g) => {
                    if !games.insert(g.id.clone()) {
                        return Err(bad(line_no, format!("game {} a second time", g.id)));
                    }
                    s.games.push(g.to_dump().map_err(|e| bad(line_no, e))?);
                }
                Record::Tournament(t) => {
                    if !tournaments.insert(t.id.clone()) {
                        return Err(bad(line_no, format!("tournament {} a second time", t.id)));
                    }
                    s.tournaments.push(TournamentRow {
                        id: t.id,
                        name: t.name,
                        status: t.status,
                        version: t.version,
                        created_ms: t.created_ms,
                        doc: t.doc,
                    });
                }
                Record::Rating(r) => s.ratings.push((
                    r.player,
                    r.variant,
                    RatingRow {
                        rating: crate::accounts::glicko::Rating {
                            rating: r.rating,
                            deviation: r.deviation,
                            volatility: r.volatility,
                        },
                        games: r.games,
                    },
                )),
                Record::RatingPoint(p) => s.history.push((
                    p.player,
                    crate::store::records::RatingPoint {
                        variant: p.variant,
                        game: p.game,
                        at_ms: p.at_ms,
                        rating: p.rating,
                        deviation: p.deviation,
                    },
                )),
                Record::LearnProgress(l) => s.learn_progress.push((l.player, l.path)),
                Record::Session(x) => s.sessions.push((x.token_hash, x.player, x.expires)),
                Record::End(e) => end = Some((line_no, e)),
            }
        }
        let Some((at, end)) = end else {
            return Err(DumpError::File(format!(
                "the file ends at line {} without its trailer: truncated?",
                last.max(1)
            )));
        };
        let counts = s.counts();
        if counts != end.counts {
            return Err(bad(
                at,
                format!("the trailer counts {}, the file holds {counts}", end.counts),
            ));
        }
        let sha256 = hex::encode(hash.finalize());
        if sha256 != end.sha256 {
            return Err(bad(
                at,
                format!(
                    "checksum mismatch: the trailer says {}, the records hash to {sha256}",
                    end.sha256
                ),
            ));
        }
        Ok(s)
    }
}

/// A value as one line of compact JSON.
fn json_line(v: &impl Serialize) -> String {
    let mut line = serde_json::to_string(v).unwrap_or_default();
    line.push('\n');
    line
}

/// A record's canonical line (its fields in declaration order, compact, a newline after).
fn canonical(r: &Record) -> String {
    json_line(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::dump::{check, GameDump};
    use crate::store::records::{GameMeta, Mode};

    #[test]
    fn an_account_language_is_kept_and_files_without_one_still_read() {
        let player = |name: &str, lang: Option<&str>| PlayerRow {
            name: name.into(),
            password: "$argon2id$x".into(),
            created: 5,
            lang: lang.map(str::to_string),
        };
        let s = Snapshot {
            players: vec![player("ama", None), player("Kofi", Some("pt"))],
            ..Snapshot::default()
        };
        let mut file = Vec::new();
        s.write(&mut file).unwrap();
        let text = String::from_utf8(file.clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // Without a language, the line is as files of before accounts had one wrote it.
        assert_eq!(
            lines[1],
            r#"{"table":"player","name":"ama","password":"$argon2id$x","created":5}"#
        );
        assert_eq!(
            lines[2],
            r#"{"table":"player","name":"Kofi","password":"$argon2id$x","created":5,"lang":"pt"}"#
        );
        assert_eq!(Snapshot::parse(&mut file.as_slice()).unwrap(), s);
    }

    /// A snapshot of an online Swiss directed by Ama between Ama, Kofi and Esi, its first round
    /// paired and its game `g1` stored (a bye for the third).
    fn with_tournament() -> Snapshot {
        use crate::tournament::model::{tests::spec, Event, Kind};
        let player = |name: &str| PlayerRow {
            name: name.into(),
            password: "$argon2id$x".into(),
            created: 5,
            lang: None,
        };
        let mut e = Event::new("t1", "Ama", spec(Kind::Swiss, false), 7).unwrap();
        for name in ["Ama", "Kofi", "Esi"] {
            e.join(name, 1500, 8).unwrap();
        }
        e.start("Ama", 9).unwrap();
        assert_eq!(e.games[0].len(), 1, "three players: one game and a bye");
        e.games[0][0] = Some("g1".into());
        let game = GameDump {
            meta: GameMeta::plain("g1".into(), Mode::Online),
            deadline_ms: None,
            ending: None,
            moves: Vec::new(),
        };
        Snapshot {
            players: ["Ama", "Esi", "Kofi"].map(player).to_vec(),
            games: vec![game],
            tournaments: vec![TournamentRow {
                id: "t1".into(),
                name: e.name.clone(),
                status: "running".into(),
                version: 3,
                created_ms: 7,
                doc: serde_json::to_string(&e).unwrap(),
            }],
            ..Snapshot::default()
        }
    }

    #[test]
    fn a_tournament_is_written_read_back_and_checked() {
        let s = with_tournament();
        assert_eq!(check(&s), Vec::<String>::new());
        let (first, second, back) = round_trip(&s);
        assert_eq!(back, s);
        assert_eq!(first, second);
        let text = String::from_utf8(first).unwrap();
        assert!(
            text.starts_with(r#"{"format":"mancala-dump","version":3}"#),
            "{text}"
        );
        let line = text.lines().nth(5).unwrap();
        assert!(
            line.starts_with(r#"{"table":"tournament","id":"t1","name":"Club night","#),
            "{line}"
        );
        assert!(text.contains(r#""tournaments":1,"#), "{text}");
    }

    #[test]
    fn a_tournament_naming_no_game_or_whose_state_does_not_parse_fails_the_check() {
        let mut s = with_tournament();
        s.games.clear();
        assert_eq!(check(&s), ["tournament t1: no game g1"]);
        let mut s = with_tournament();
        s.tournaments[0].doc.truncate(40);
        let problems = check(&s);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("tournament t1: its state does not parse: "),
            "{problems:?}"
        );
        let mut s = with_tournament();
        s.tournaments[0].status = "finished".into();
        s.players.retain(|p| p.name != "Kofi");
        assert_eq!(
            check(&s),
            [
                r#"tournament t1: its row's status is "finished", its state's "running""#,
                r#"tournament t1: player "Kofi" has no account"#,
            ]
        );
    }

    #[test]
    fn files_of_version_1_still_read_and_may_hold_no_tournament() {
        let player = r#"{"table":"player","name":"ama","password":"$argon2id$x","created":5}"#;
        let sha = hex::encode(Sha256::digest(format!("{player}\n")));
        let counts =
            r#""players":1,"games":0,"moves":0,"ratings":0,"rating_points":0,"sessions":0"#;
        let v1 = format!(
            "{{\"format\":\"mancala-dump\",\"version\":1}}\n{player}\n\
             {{\"table\":\"end\",\"counts\":{{{counts}}},\"sha256\":\"{sha}\"}}\n"
        );
        let s = Snapshot::parse(&mut v1.as_bytes()).unwrap();
        assert_eq!((s.players.len(), s.tournaments.len()), (1, 0));
        // A tournament in a version 1 file is refused, with its line.
        let t = with_tournament();
        let mut file = Vec::new();
        t.write(&mut file).unwrap();
        let old = String::from_utf8(file)
            .unwrap()
            .replacen(r#""version":3"#, r#""version":1"#, 1);
        let err = Snapshot::parse(&mut old.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("line 6: a tournament in a file of format version 1"),
            "{err}"
        );
    }

    #[test]
    fn lesson_progress_round_trips_and_files_of_version_2_still_read() {
        let s = Snapshot {
            players: vec![PlayerRow {
                name: "Ama".into(),
                password: "$argon2id$x".into(),
                created: 5,
                lang: None,
            }],
            learn_progress: vec![
                ("Ama".into(), "isolo/foregame/stock".into()),
                ("Ama".into(), "olowuka/laps/relay".into()),
            ],
            ..Snapshot::default()
        };
        let mut file = Vec::new();
        let (counts, _) = s.write(&mut file).unwrap();
        assert_eq!(counts.learn_progress, 2);
        let text = String::from_utf8(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], r#"{"format":"mancala-dump","version":3}"#);
        assert_eq!(
            lines[2],
            r#"{"table":"learn_progress","player":"Ama","path":"isolo/foregame/stock"}"#
        );
        let back = Snapshot::parse(&mut text.as_bytes()).unwrap();
        assert_eq!(back, s);
        let mut again = Vec::new();
        back.write(&mut again).unwrap();
        assert_eq!(
            String::from_utf8(again).unwrap(),
            text,
            "the same file again"
        );
        assert!(check(&back).is_empty());
        // Progress of no account fails the check.
        let orphan = Snapshot {
            players: Vec::new(),
            ..back
        };
        assert_eq!(
            check(&orphan),
            [
                "lesson progress \"isolo/foregame/stock\" of \"Ama\": no such account",
                "lesson progress \"olowuka/laps/relay\" of \"Ama\": no such account"
            ]
        );
        // A version 2 file (no progress, no count of it) reads; progress in one is refused.
        let player = r#"{"table":"player","name":"ama","password":"$argon2id$x","created":5}"#;
        let sha = hex::encode(Sha256::digest(format!("{player}\n")));
        let counts = r#""players":1,"games":0,"moves":0,"tournaments":0,"ratings":0,"rating_points":0,"sessions":0"#;
        let v2 = format!(
            "{{\"format\":\"mancala-dump\",\"version\":2}}\n{player}\n\
             {{\"table\":\"end\",\"counts\":{{{counts}}},\"sha256\":\"{sha}\"}}\n"
        );
        let old = Snapshot::parse(&mut v2.as_bytes()).unwrap();
        assert_eq!((old.players.len(), old.learn_progress.len()), (1, 0));
        let v2_with = text.replacen(r#""version":3"#, r#""version":2"#, 1);
        let err = Snapshot::parse(&mut v2_with.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("line 3: lesson progress in a file of format version 2"),
            "{err}"
        );
    }

    /// A snapshot with one rating and one rating point of the given floats.
    fn rated(rating: f64, deviation: f64, volatility: f64, point: (f64, f64)) -> Snapshot {
        let row = RatingRow {
            rating: crate::glicko::Rating {
                rating,
                deviation,
                volatility,
            },
            games: 1,
        };
        let point = crate::store::records::RatingPoint {
            variant: "oware".into(),
            game: "0123456789abcdef0123".into(),
            at_ms: 5,
            rating: point.0,
            deviation: point.1,
        };
        Snapshot {
            ratings: vec![("ama".into(), "oware".into(), row)],
            history: vec![("ama".into(), point)],
            ..Snapshot::default()
        }
    }

    /// Writes `s`, reads it back and writes it again: both files and the snapshot read back.
    fn round_trip(s: &Snapshot) -> (Vec<u8>, Vec<u8>, Snapshot) {
        let mut first = Vec::new();
        s.write(&mut first).unwrap();
        let back = Snapshot::parse(&mut first.as_slice()).unwrap();
        let mut second = Vec::new();
        back.write(&mut second).unwrap();
        (first, second, back)
    }

    #[test]
    fn a_rating_whose_text_used_to_read_back_otherwise_round_trips() {
        let s = rated(
            1_427.696_609_921_629_7,
            167.859_184_928_062_2,
            0.06,
            (1500.0, 350.0),
        );
        let (first, second, back) = round_trip(&s);
        assert_eq!(back, s);
        assert_eq!(first, second);
    }

    proptest::proptest! {
        /// Any ratings (every finite float in the ratings' ranges, at full precision) come back
        /// as the same floats, and the file written again is the same bytes.
        #[test]
        fn ratings_round_trip_exactly(
            rating in 0.0f64..4000.0,
            deviation in 0.0f64..400.0,
            volatility in 0.0f64..1.0,
            point in (0.0f64..4000.0, 0.0f64..400.0),
        ) {
            let s = rated(rating, deviation, volatility, point);
            let (first, second, back) = round_trip(&s);
            proptest::prop_assert_eq!(back, s);
            proptest::prop_assert_eq!(first, second);
        }
    }
}
