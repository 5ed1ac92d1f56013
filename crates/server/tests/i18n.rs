//! The pages, the browser's messages and the API's errors in the request's language.

use mancala_test_client::{Client, Reply};
use serde_json::json;

mod common;
use common::{assert_error, create, get, server};

async fn get_in(c: &mut Client, path: &str, lang: &str) -> Reply {
    c.request("GET", path, &[("Accept-Language", lang)], b"")
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_pages_follow_the_browser_and_the_switch() {
    let (_, mut c) = server().await;
    // A Portuguese browser gets Ouril's page in Portuguese at the usual address.
    let r = get_in(&mut c, "/rules/ouril", "pt-CV,pt;q=0.9,en;q=0.5").await;
    assert_eq!(r.status, 200);
    let page = r.text();
    assert!(page.contains("<html lang=\"pt\">"), "{page}");
    assert!(page.contains("Regras de Ouril"), "Portuguese title");
    assert!(page.contains(">significado</th>"), "Portuguese table");
    assert!(r
        .header("vary")
        .is_some_and(|v| v.contains("Accept-Language")));
    // Every page has the switch to every language.
    for l in ["en", "fr", "pt"] {
        assert!(page.contains(&format!("lang=\"{l}\"")), "switch to {l}");
    }
    let r = get_in(&mut c, "/rules", "fr-CI").await;
    assert!(r.text().contains("<html lang=\"fr\">"));
    // An unknown language is English.
    let r = get_in(&mut c, "/rules/oware", "de").await;
    assert!(r.text().contains("<html lang=\"en\">"));
    assert!(r.text().contains("Oware rules · mancala"));
    // The switch wins over the browser and is remembered in a cookie.
    let r = get_in(&mut c, "/rules/oware?lang=fr", "pt").await;
    assert!(r.text().contains("<html lang=\"fr\">"));
    let cookie = r.header("set-cookie").expect("the choice is kept");
    assert!(cookie.starts_with("lang=fr;"), "{cookie}");
    let r = c
        .request(
            "GET",
            "/login",
            &[("Accept-Language", "pt"), ("Cookie", "lang=fr")],
            b"",
        )
        .await
        .unwrap();
    let page = r.text();
    assert!(page.contains("<html lang=\"fr\">"));
    assert!(page.contains("Mot de passe"), "{page}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_gets_its_messages_as_data() {
    let (_, mut c) = server().await;
    let fr = get(&mut c, "/api/i18n/fr").await;
    let en = get(&mut c, "/api/i18n/en").await;
    assert_eq!(fr["lang"], "fr");
    assert_eq!(fr["messages"]["language-name"], "Français");
    assert_eq!(
        fr["messages"].as_object().unwrap().len(),
        en["messages"].as_object().unwrap().len()
    );
    assert_eq!(
        fr["languages"][1],
        json!({"code": "fr", "name": "Français"})
    );
    let auto = get_in(&mut c, "/api/i18n/auto", "pt-BR").await.json();
    assert_eq!(auto["lang"], "pt");
    let r = c.get("/api/i18n/xx").await.unwrap();
    assert_error(&r, 404, "no_such_language");
    // The coverage page lists every language with its share of translated messages.
    let page = get_in(&mut c, "/i18n", "fr").await.text();
    for l in ["en", "fr", "pt"] {
        assert!(
            page.contains(&format!("<tr data-lang=\"{l}\">")),
            "{l} on the coverage page"
        );
    }
    assert!(page.contains("100 %"), "{page}");
    assert!(page.contains("Langues"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_keep_their_code_and_speak_the_language() {
    let (_, mut c) = server().await;
    let r = get_in(&mut c, "/api/games/nope", "fr").await;
    let body = assert_error(&r, 404, "no_such_game");
    assert_eq!(body["message"], "Aucune partie ne porte cet identifiant.");
    let r = c.get("/api/games/nope").await.unwrap();
    assert_eq!(
        assert_error(&r, 404, "no_such_game")["message"],
        "no game with this id"
    );

    let g = create(&mut c, json!({"variant": "oware", "mode": "online"})).await;
    let id = g["id"].as_str().unwrap();
    let south = g["seats"]["south"].as_str().unwrap();
    let body = serde_json::to_vec(&json!({"move": "a"})).unwrap();
    let auth = format!("Bearer {south}");
    let r = c
        .request(
            "POST",
            &format!("/api/games/{id}/moves"),
            &[
                ("Accept-Language", "pt"),
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            &body,
        )
        .await
        .unwrap();
    let e = assert_error(&r, 422, "illegal_move");
    // The reason field stays stable English; the message is Portuguese.
    assert_eq!(e["reason"], "not your pit");
    assert_eq!(e["message"], "Jogada ilegal: esta casa não é sua");
    assert_eq!(e["reason_text"], "esta casa não é sua");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_text_is_the_languages_own_and_names_the_game_as_its_players_do() {
    let (_, mut c) = server().await;
    // The address a Portuguese browser opens for Ouril: the translated text, pits called casas,
    // the page saying which name it uses.
    let pt = get_in(&mut c, "/rules/ouril", "pt").await.text();
    assert!(pt.contains("<h2>O tabuleiro</h2>"), "{pt}");
    assert!(pt.contains("<h2>Sementes sozinhas</h2>"), "{pt}");
    assert!(
        pt.contains("este jogo chama-se ouril") && pt.contains("chamam-se casas"),
        "the page says what it calls the game and its pits"
    );
    assert!(pt.contains("tabuleiro 2×6"), "the board in Portuguese");
    assert!(
        !pt.contains("<h2>The board</h2>") && !pt.contains("Two rows of six pits"),
        "no English fragment"
    );
    // French: awalé, said on the page; the game names French players use.
    let fr = get_in(&mut c, "/rules/abapa", "fr").await.text();
    assert!(fr.contains("<h2>Le plateau</h2>"), "{fr}");
    assert!(fr.contains("s'appelle en français l'awalé"), "{fr}");
    assert!(fr.contains("<h1>Awalé (Abapa) "), "{fr}");
    let index = get_in(&mut c, "/rules", "fr").await.text();
    assert!(index.contains(">Awalé (Abapa)</a>"), "{index}");
    // English keeps the English text.
    let en = get_in(&mut c, "/rules/ouril", "en").await.text();
    assert!(en.contains("<h2>The board</h2>"));
    assert!(en.contains("(2×6 board)"), "{en}");
}

/// The pages players read name no file or folder of the repository (`web/rules/`, `docs/...`),
/// in any language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_page_shows_players_a_repository_path() {
    let (_, mut c) = server().await;
    let variants = get(&mut c, "/api/variants").await;
    let mut paths = vec![
        "/".to_string(),
        "/rules".to_string(),
        "/i18n".to_string(),
        "/signup".to_string(),
    ];
    for v in variants["variants"].as_array().unwrap() {
        paths.push(format!("/rules/{}", v["name"].as_str().unwrap()));
    }
    let mut shown = Vec::new();
    for lang in ["en", "fr", "pt"] {
        for path in &paths {
            let r = get_in(&mut c, path, lang).await;
            assert_eq!(r.status, 200, "{path}");
            let page = r.text();
            // The words players see: the page without its tags, scripts and styles.
            let mut text = String::new();
            let mut rest = page.as_str();
            while let Some(open) = rest.find('<') {
                text.push_str(&rest[..open]);
                text.push(' ');
                let tail = &rest[open..];
                let skip = ["<script", "<style"]
                    .iter()
                    .find(|t| tail.starts_with(**t))
                    .map(|t| format!("</{}>", &t[1..]));
                let end = match skip {
                    Some(close) => tail.find(&close).map(|i| i + close.len()),
                    None => tail.find('>').map(|i| i + 1),
                };
                rest = &tail[end.unwrap_or(tail.len())..];
            }
            text.push_str(rest);
            for word in text.split_whitespace() {
                if ["web/", "docs/", "crates/", "i18n/", ".html", ".md", ".ftl"]
                    .iter()
                    .any(|p| word.contains(p))
                {
                    shown.push(format!("{lang} {path}: {word}"));
                }
            }
        }
    }
    assert!(shown.is_empty(), "{}", shown.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_finds_every_games_texts_among_its_messages() {
    let (_, mut c) = server().await;
    let variants = get(&mut c, "/api/variants").await;
    let pt = get(&mut c, "/api/i18n/pt").await;
    let en = get(&mut c, "/api/i18n/en").await;
    let mut options = 0;
    for v in variants["variants"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        for what in ["name", "summary", "board"] {
            let id = format!("game-{name}-{what}");
            assert!(pt["messages"][&id].is_string(), "{id}");
        }
        let family = v["options_family"].as_str().expect("options_family");
        for o in v["options"].as_array().unwrap() {
            let id = format!(
                "option-{family}-{}",
                o["name"].as_str().unwrap().replace('_', "-")
            );
            // English is the rules core's own text; Portuguese says it in Portuguese.
            assert_eq!(en["messages"][&id], o["doc"], "{id}");
            assert!(pt["messages"][&id].is_string(), "{id}");
            assert_ne!(pt["messages"][&id], o["doc"], "{id} untranslated");
            options += 1;
        }
    }
    assert!(options > 40, "{options} options");
    assert_eq!(pt["messages"]["game-ouril-board"], "tabuleiro 2×6");
}
