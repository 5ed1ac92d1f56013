//! The plain server-rendered account pages: `/signup`, `/login` and `/logout`, each a form
//! that works without JavaScript. They call the same code as the API (`POST /api/players`,
//! `POST /api/session`, `DELETE /api/session`); a log-in sets the session cookie and goes to the
//! home page.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::accounts::api::Credentials;
use crate::accounts::{api as accounts, users};
use mancala_i18n::tr;

use crate::app::App;
use crate::http::extract::client_ip;
use crate::http::html::escape;
use crate::http::lang::{cat, current, switch};

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} - mancala</title>\n\
         <link rel=\"icon\" href=\"/assets/icon.svg\" type=\"image/svg+xml\">\n\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n<body>\n<header>\n  \
         <a href=\"/\" class=\"brand\"><img src=\"/assets/icon.svg\" alt=\"\" width=\"28\" \
         height=\"28\"> mancala</a>\n  <span id=\"subtitle\">{title}</span>\n  {switch}\n</header>\n\
         <main class=\"account-page\">\n{body}</main>\n</body>\n</html>\n",
        lang = current(),
        title = escape(title),
        switch = switch(),
    )
}

fn html(status: StatusCode, text: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        text,
    )
        .into_response()
}

fn form(action: &str, button: &str, error: Option<&str>, name: &str) -> String {
    let error = error.map_or(String::new(), |e| {
        format!("<p class=\"error\" role=\"alert\">{}</p>\n", escape(e))
    });
    let autocomplete = if action == "/signup" {
        "new-password"
    } else {
        "current-password"
    };
    format!(
        "{error}<form method=\"post\" action=\"{action}\" class=\"account-form\">\n\
         <label>{name_label} <input name=\"name\" required minlength=\"3\" maxlength=\"20\" \
         autocomplete=\"username\" value=\"{name}\"></label>\n\
         <label>{password_label} <input name=\"password\" type=\"password\" required minlength=\"8\" \
         maxlength=\"128\" autocomplete=\"{autocomplete}\"></label>\n\
         <button type=\"submit\">{button}</button>\n</form>\n",
        name = escape(name),
        name_label = escape(&tr!(cat(), "page-account-name")),
        password_label = escape(&tr!(cat(), "page-account-password")),
    )
}

/// An account page: its form's action, the catalogue ids of its title and of an introduction,
/// and the link to the other account page below the form.
struct AccountPage {
    action: &'static str,
    title: &'static str,
    intro: Option<&'static str>,
    other_text: &'static str,
    other_action: &'static str,
    other_title: &'static str,
}

const SIGNUP: AccountPage = AccountPage {
    action: "/signup",
    title: "page-signup",
    intro: Some("page-signup-rules"),
    other_text: "page-signup-have-account",
    other_action: "/login",
    other_title: "page-login",
};

const LOGIN: AccountPage = AccountPage {
    action: "/login",
    title: "page-login",
    intro: None,
    other_text: "page-login-no-account",
    other_action: "/signup",
    other_title: "page-signup",
};

fn account_html(p: &AccountPage, error: Option<&str>, name: &str) -> String {
    let cat = cat();
    let title = cat.text(p.title);
    let intro = p
        .intro
        .map_or(String::new(), |id| format!("<p>{}</p>\n", cat.text(id)));
    page(
        &title,
        &format!(
            "<h1>{t}</h1>\n{intro}{form}<p>{other} <a href=\"{action}\">{link}</a>.</p>\n",
            t = escape(&title),
            form = form(p.action, &title, error, name),
            other = escape(&cat.text(p.other_text)),
            action = p.other_action,
            link = escape(&cat.text(p.other_title)),
        ),
    )
}

/// Decodes `application/x-www-form-urlencoded` text.
fn form_fields(body: &[u8]) -> Vec<(String, String)> {
    fn decode(s: &str) -> String {
        let bytes = s.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' if i + 2 < bytes.len() => {
                    let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                    match u8::from_str_radix(hex, 16) {
                        Ok(b) => {
                            out.push(b);
                            i += 2;
                        }
                        Err(_) => out.push(b'%'),
                    }
                }
                b => out.push(b),
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    }
    String::from_utf8_lossy(body)
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            (decode(k), decode(v))
        })
        .collect()
}

fn credentials(body: &[u8]) -> Credentials {
    let fields = form_fields(body);
    let get = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    Credentials {
        name: get("name").trim().to_string(),
        password: get("password"),
    }
}

/// `GET /signup`.
pub(crate) async fn signup_page() -> Response {
    html(StatusCode::OK, account_html(&SIGNUP, None, ""))
}

/// `GET /login`.
pub(crate) async fn login_page() -> Response {
    html(StatusCode::OK, account_html(&LOGIN, None, ""))
}

/// `GET /logout`: a button (logging out changes state, so it is a POST).
pub(crate) async fn logout_page() -> Response {
    html(
        StatusCode::OK,
        page(
            &tr!(cat(), "page-logout"),
            &format!(
                "<h1>{t}</h1>\n<form method=\"post\" action=\"/logout\">\
                 <button type=\"submit\">{t}</button></form>\n",
                t = escape(&tr!(cat(), "page-logout")),
            ),
        ),
    )
}

/// Goes to the home page, with the session cookie removed (`Secure` when `secure`).
fn home_logged_out(secure: bool) -> Response {
    let mut r = (StatusCode::SEE_OTHER, [(header::LOCATION, "/")]).into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, users::session_cookie_header("", secure));
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// `POST /signup`: creates the account and logs in.
pub(crate) async fn signup_form(
    State(app): State<Arc<App>>,
    extensions: axum::http::Extensions,
    body: Bytes,
) -> Response {
    let c = credentials(&body);
    let name = c.name.clone();
    let password = c.password.clone();
    let ip = client_ip(&extensions);
    if let Err(e) = accounts::sign_up(&app, ip, c).await {
        let message = crate::http::lang::localize_error(e.code, &e.message, e.details.as_ref());
        return html(e.status, account_html(&SIGNUP, Some(&message), &name));
    }
    log_in_page(&app, ip, Credentials { name, password }).await
}

/// `POST /login`.
pub(crate) async fn login_form(
    State(app): State<Arc<App>>,
    extensions: axum::http::Extensions,
    body: Bytes,
) -> Response {
    log_in_page(&app, client_ip(&extensions), credentials(&body)).await
}

/// Logs in with `c`: to the home page with the session cookie, or the log-in page again with
/// what went wrong.
async fn log_in_page(app: &Arc<App>, ip: Option<std::net::IpAddr>, c: Credentials) -> Response {
    let name = c.name.clone();
    match accounts::log_in(app, ip, c).await {
        Ok(session) => {
            let mut r = (StatusCode::SEE_OTHER, [(header::LOCATION, "/")]).into_response();
            session.set_cookies(&mut r, app.secure_cookies);
            r
        }
        Err(e) => {
            let message = crate::http::lang::localize_error(e.code, &e.message, e.details.as_ref());
            html(e.status, account_html(&LOGIN, Some(&message), &name))
        }
    }
}

/// `POST /logout`.
pub(crate) async fn logout_form(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    if let Some(token) = users::session_cookie(&headers) {
        if let Err(e) = accounts::log_out(&app, token).await {
            tracing::warn!(error = %e.message, "log-out: ending the session failed");
        }
    }
    home_logged_out(app.secure_cookies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_bodies_decode() {
        let c = credentials(b"name=Kofi&password=p%40ss+w%C3%B6rd%");
        assert_eq!(c.name, "Kofi");
        assert_eq!(c.password, "p@ss w\u{f6}rd%");
        assert_eq!(credentials(b"").name, "");
    }
}
