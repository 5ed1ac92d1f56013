//! The account's language: `PATCH /api/players/me` sets and clears it, and every answer to a
//! signed-in player follows it: `?lang=` on the request, else the account's language, else the
//! `lang` cookie, else `Accept-Language`, else English.

use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

mod common;
use common::{account, assert_error, ok, server};

/// Sends `method path` with `headers` and the JSON `body` (if any).
async fn send(
    c: &mut Client,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Reply {
    let mut all = headers.to_vec();
    let bytes = body.map(|b| b.to_string()).unwrap_or_default();
    if body.is_some() {
        all.push(("Content-Type", "application/json"));
    }
    c.request(method, path, &all, bytes.as_bytes())
        .await
        .unwrap()
}

/// Sets the language of the account of `token` with `PATCH /api/players/me`.
async fn set_lang(c: &mut Client, token: &str, lang: Value) -> Reply {
    let bearer = format!("Bearer {token}");
    let body = json!({ "lang": lang });
    send(
        c,
        "PATCH",
        "/api/players/me",
        &[("Authorization", &bearer)],
        Some(&body),
    )
    .await
}

/// The `Set-Cookie` headers of `r` that set the `lang` cookie.
fn lang_cookies(r: &Reply) -> Vec<&str> {
    r.headers
        .iter()
        .filter(|(k, v)| k == "set-cookie" && v.starts_with("lang="))
        .map(|(_, v)| v.as_str())
        .collect()
}

/// The language a page is in (its `<html lang>`).
fn page_lang(r: &Reply) -> String {
    let text = r.text();
    assert_eq!(r.status, 200, "{text}");
    let at = text.find("<html lang=\"").expect("an html page") + 12;
    text[at..at + 2].to_string()
}

/// `GET path` with `headers`.
async fn get(c: &mut Client, path: &str, headers: &[(&str, &str)]) -> Reply {
    send(c, "GET", path, headers, None).await
}

/// `GET path` with `headers`: the language the page is in.
async fn page_in(c: &mut Client, path: &str, headers: &[(&str, &str)]) -> String {
    page_lang(&get(c, path, headers).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_signed_in_player_sets_and_clears_his_language() {
    let (_, mut c) = server().await;
    let token = account(&mut c, "Ama").await;
    let kofi = account(&mut c, "Kofi").await;
    let bearer = format!("Bearer {token}");
    let me = [("Authorization", bearer.as_str())];

    // Nobody signed in: 401.
    let body = json!({"lang": "fr"});
    let r = send(&mut c, "PATCH", "/api/players/me", &[], Some(&body)).await;
    assert_error(&r, 401, "not_signed_in");
    assert_error(
        &send(&mut c, "GET", "/api/players/me", &[], None).await,
        401,
        "not_signed_in",
    );

    // Unknown, incomplete or malformed languages are refused, naming the languages offered.
    for bad in [json!("xx"), json!("pt-BR"), json!(""), json!(7)] {
        let j = assert_error(
            &set_lang(&mut c, &token, bad.clone()).await,
            400,
            "bad_language",
        );
        assert!(
            j["message"].as_str().unwrap().contains("en, fr, pt"),
            "{bad}: {j}"
        );
        assert_eq!(j["languages"], json!(["en", "fr", "pt"]), "{bad}");
    }
    for bad in [
        json!({}),
        json!({"lang": "fr", "theme": "dark"}),
        json!("fr"),
    ] {
        let r = send(&mut c, "PATCH", "/api/players/me", &me, Some(&bad)).await;
        assert_error(&r, 400, "bad_language");
    }
    // The refusal is in the player's language too, still naming them.
    let r = send(
        &mut c,
        "PATCH",
        "/api/players/me",
        &[("Authorization", &bearer), ("Accept-Language", "fr")],
        Some(&json!({"lang": "de"})),
    )
    .await;
    let j = assert_error(&r, 400, "bad_language");
    let message = j["message"].as_str().unwrap();
    assert!(
        message.contains("langues") && message.contains("en, fr, pt"),
        "{message}"
    );
    let session = ok(&send(&mut c, "GET", "/api/session", &me, None).await);
    assert_eq!(session, json!({"name": "Ama", "lang": null}));

    // Set: the answer, the cookie, the session and the player's own page show it.
    let r = set_lang(&mut c, &token, json!("pt")).await;
    assert_eq!(ok(&r), json!({"name": "Ama", "lang": "pt"}));
    assert_eq!(lang_cookies(&r).len(), 1, "{:?}", r.headers);
    assert!(lang_cookies(&r)[0].starts_with("lang=pt;"));
    let session = ok(&send(&mut c, "GET", "/api/session", &me, None).await);
    assert_eq!(session, json!({"name": "Ama", "lang": "pt"}));
    let own = ok(&send(&mut c, "GET", "/api/players/ama", &me, None).await);
    assert_eq!((&own["name"], &own["lang"]), (&json!("Ama"), &json!("pt")));
    let own = ok(&send(&mut c, "GET", "/api/players/me", &me, None).await);
    assert_eq!((&own["name"], &own["lang"]), (&json!("Ama"), &json!("pt")));
    assert!(own["ratings"].is_object());
    // Nobody else sees it.
    let seen = ok(&send(&mut c, "GET", "/api/players/Ama", &[], None).await);
    assert!(seen.get("lang").is_none(), "{seen}");
    let other = format!("Bearer {kofi}");
    let seen = ok(&send(
        &mut c,
        "GET",
        "/api/players/Ama",
        &[("Authorization", &other)],
        None,
    )
    .await);
    assert!(seen.get("lang").is_none(), "{seen}");

    // Logging in again, on another device: the answer and the cookie carry the language.
    let cred = json!({"name": "ama", "password": "secret-password"});
    let r = c.post_json("/api/session", &cred, None).await.unwrap();
    assert_eq!(ok(&r)["lang"], "pt");
    assert!(
        lang_cookies(&r).iter().any(|v| v.starts_with("lang=pt;")),
        "{:?}",
        r.headers
    );

    // Cleared: the cookie goes too, and the browser's language is used again.
    let r = set_lang(&mut c, &token, Value::Null).await;
    assert_eq!(ok(&r), json!({"name": "Ama", "lang": null}));
    assert!(lang_cookies(&r)[0].contains("Max-Age=0"), "{:?}", r.headers);
    let session = ok(&send(&mut c, "GET", "/api/session", &me, None).await);
    assert_eq!(session["lang"], Value::Null);
    let r = c.post_json("/api/session", &cred, None).await.unwrap();
    assert_eq!(ok(&r)["lang"], Value::Null);
    assert!(lang_cookies(&r).is_empty(), "{:?}", r.headers);
    let bearer_fr: &[(&str, &str)] = &[("Authorization", &bearer), ("Accept-Language", "fr")];
    assert_eq!(page_in(&mut c, "/rules", bearer_fr).await, "fr");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_query_then_the_account_then_the_cookie_then_the_browser_choose_the_language() {
    let (_, mut c) = server().await;
    let token = account(&mut c, "Yaw").await;
    ok(&set_lang(&mut c, &token, json!("fr")).await);
    let bearer = format!("Bearer {token}");
    let by_cookie = format!("mancala_session={token}; lang=pt");
    let pt = ("Accept-Language", "pt");

    // The account wins over the cookie and the browser: pages, signed in by bearer or cookie.
    for path in ["/rules/oware", "/login", "/i18n", "/"] {
        let cases: [(&[(&str, &str)], &str); 5] = [
            (
                &[("Authorization", &bearer), ("Cookie", "lang=pt"), pt],
                "fr",
            ),
            (&[("Cookie", &by_cookie), pt], "fr"),
            // Without the session, the cookie, then the browser, then English.
            (&[("Cookie", "lang=pt")], "pt"),
            (&[pt], "pt"),
            (&[], "en"),
        ];
        for (headers, want) in cases {
            assert_eq!(
                page_in(&mut c, path, headers).await,
                want,
                "{path} {headers:?}"
            );
        }
    }
    // The browser's messages and the API's errors too.
    let signed_in: &[(&str, &str)] = &[("Cookie", &by_cookie), pt];
    assert_eq!(
        ok(&get(&mut c, "/api/i18n/auto", signed_in).await)["lang"],
        "fr"
    );
    let mut messages = Vec::new();
    for headers in [signed_in, &[("Accept-Language", "fr")], &[]] {
        let r = get(&mut c, "/api/games/nosuchgame", headers).await;
        messages.push(assert_error(&r, 404, "no_such_game")["message"].clone());
    }
    assert_eq!(messages[0], messages[1], "French");
    assert_ne!(messages[0], messages[2], "not English");

    // `?lang=` wins over the account for this request (and sets the cookie), but a GET
    // changes no stored setting: the account keeps its language, and wins over the cookie.
    let r = get(&mut c, "/rules/oware?lang=pt", &[("Cookie", &by_cookie)]).await;
    assert_eq!(page_lang(&r), "pt");
    assert!(lang_cookies(&r).iter().any(|v| v.starts_with("lang=pt;")));
    let by_bearer: &[(&str, &str)] = &[("Authorization", &bearer)];
    assert_eq!(
        ok(&get(&mut c, "/api/session", by_bearer).await)["lang"],
        "fr"
    );
    let after = format!("mancala_session={token}; lang=pt");
    assert_eq!(page_in(&mut c, "/rules", &[("Cookie", &after)]).await, "fr");
    // The switch, signed in, saves the choice with a PATCH.
    let body = serde_json::json!({ "lang": "pt" });
    ok(&send(&mut c, "PATCH", "/api/players/me", by_bearer, Some(&body)).await);
    let stale = format!("mancala_session={token}; lang=en");
    assert_eq!(page_in(&mut c, "/rules", &[("Cookie", &stale)]).await, "pt");
    // An unknown `?lang=` changes nothing.
    let r = get(&mut c, "/rules?lang=zz", &[("Cookie", &by_cookie)]).await;
    assert_eq!(page_lang(&r), "pt");
    assert!(lang_cookies(&r).is_empty());

    // Once logged out, the cookie is the choice again.
    ok(&send(&mut c, "DELETE", "/api/session", by_bearer, None).await);
    let cookie_en: &[(&str, &str)] = &[("Cookie", &by_cookie), ("Accept-Language", "en")];
    assert_eq!(page_in(&mut c, "/rules", cookie_en).await, "pt");
    let bearer_fr: &[(&str, &str)] = &[("Authorization", &bearer), ("Accept-Language", "fr")];
    assert_eq!(page_in(&mut c, "/rules", bearer_fr).await, "fr");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_account_keeps_the_language_chosen_with_the_switch() {
    let (_, mut c) = server().await;
    let sign_up = |name: &'static str| json!({"name": name, "password": "secret-password"});
    // Chosen with the switch in this browser (the cookie): kept. Only the browser's language:
    // not a choice, not kept.
    for (name, header) in [
        ("Abena", ("Cookie", "lang=fr")),
        ("Kwesi", ("Accept-Language", "pt")),
    ] {
        let r = send(
            &mut c,
            "POST",
            "/api/players",
            &[header],
            Some(&sign_up(name)),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.text());
    }
    for (name, lang) in [("Abena", json!("fr")), ("Kwesi", Value::Null)] {
        let r = c
            .post_json("/api/session", &sign_up(name), None)
            .await
            .unwrap();
        assert_eq!(ok(&r)["lang"], lang, "{name}");
    }
    // The sign-up form too.
    let form = b"name=Akosua&password=secret-password";
    let r = c
        .request(
            "POST",
            "/signup",
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Cookie", "lang=pt"),
            ],
            form,
        )
        .await
        .unwrap();
    assert_eq!(r.status, 303, "{}", r.text());
    assert!(
        lang_cookies(&r).iter().any(|v| v.starts_with("lang=pt;")),
        "{:?}",
        r.headers
    );
    let r = c
        .post_json("/api/session", &sign_up("Akosua"), None)
        .await
        .unwrap();
    assert_eq!(ok(&r)["lang"], "pt");
}
