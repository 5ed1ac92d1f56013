//! The account's language: `PATCH /api/players/me` sets or clears it, and the middleware answers
//! every request in the language [`crate::http::lang::negotiate`] picks with it.
//!
//! The account is the player's choice on every device, so it wins over the `lang` cookie (the
//! choice of one browser). A `GET` never changes what is stored: `?lang=` answers that request in
//! its language (and sets the cookie), while the page's switch, signed in, saves the choice with
//! `PATCH /api/players/me`, which sets (or clears) both; logging in sets the cookie to the
//! account's language.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use crate::accounts::api::{account_lang, set_account_lang};
use crate::accounts::{api as accounts, users};
use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::http::extract::JsonBody;
use crate::http::lang;

/// The middleware: answers the request in its language, the signed-in account's unless the
/// request chose another with `?lang=` (for that request only: a link followed, even from
/// another site, changes no stored setting).
pub(crate) async fn middleware(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let mut account = None;
    if users::credential(req.headers()).is_some() {
        // A store that fails here only costs the account's language: the request goes on.
        match accounts::current_player(&app, req.headers()).await {
            Ok(Some(name)) => {
                account = account_lang(&app, &name).await.unwrap_or_else(|e| {
                    tracing::warn!(error = %e.message, "reading the account's language failed");
                    None
                });
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e.message, "reading the session failed"),
        }
    }
    lang::answer_in(account, app.secure_cookies, req, next).await
}

/// The language of a `PATCH /api/players/me` body: `{"lang": CODE}` sets it, `{"lang": null}`
/// clears it; anything else is refused, naming the languages an account may keep.
fn requested_lang(body: &Value) -> ApiResult<Option<&'static str>> {
    let offered = lang::account_languages();
    let refuse = |what: String| {
        ApiError::bad_request(
            "bad_language",
            format!("{what}; the languages are: {}", offered.join(", ")),
        )
        .with(json!({ "languages": offered }))
    };
    let Some(fields) = body.as_object() else {
        return Err(refuse("send {\"lang\": CODE} or {\"lang\": null}".into()));
    };
    if let Some(other) = fields.keys().find(|k| *k != "lang") {
        return Err(refuse(format!("unknown field {other:?}")));
    }
    match fields.get("lang") {
        None => Err(refuse("the field \"lang\" is missing".into())),
        Some(Value::Null) => Ok(None),
        Some(Value::String(code)) => lang::account_language(code)
            .map(Some)
            .ok_or_else(|| refuse(format!("no complete catalogue for language {code:?}"))),
        Some(v) => Err(refuse(format!(
            "\"lang\" is a language code or null, not {v}"
        ))),
    }
}

/// `PATCH /api/players/me` `{"lang": "fr"}` (or `null`): sets (clears) the signed-in player's
/// language and the `lang` cookie; answers `{"name", "lang"}`. 401 when nobody is signed in, 400
/// `bad_language` for a language the account may not keep.
pub(crate) async fn patch_me(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Value>,
) -> ApiResult<Response> {
    let name = accounts::require_player(&app, &headers).await?;
    let lang = requested_lang(&body)?;
    set_account_lang(&app, &name, lang).await?;
    let mut r = Json(json!({ "name": &*name, "lang": lang })).into_response();
    r.headers_mut().append(
        header::SET_COOKIE,
        lang::cookie_header(lang, app.secure_cookies),
    );
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_names_a_complete_language_or_null() {
        assert_eq!(requested_lang(&json!({"lang": "pt"})).unwrap(), Some("pt"));
        assert_eq!(requested_lang(&json!({"lang": null})).unwrap(), None);
        for bad in [
            json!({"lang": "xx"}),
            json!({"lang": "pt-BR"}),
            json!({"lang": ""}),
            json!({"lang": 3}),
            json!({}),
            json!({"lang": "fr", "theme": "dark"}),
            json!(["fr"]),
        ] {
            let e = requested_lang(&bad).unwrap_err();
            assert_eq!(e.code, "bad_language", "{bad}");
            assert!(e.message.contains("en, fr, pt"), "{bad}: {}", e.message);
        }
    }
}
