//! The pages, the browser's messages and the API's errors in the request's language.

use mancala_server::client::{Client, Reply};
use serde_json::json;

mod common;
use common::{assert_error, create, server};

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
    let fr = c.get("/api/i18n/fr").await.unwrap();
    assert_eq!(fr.status, 200);
    let fr = fr.json();
    let en = c.get("/api/i18n/en").await.unwrap().json();
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
