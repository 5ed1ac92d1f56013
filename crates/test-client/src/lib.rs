//! A minimal HTTP/1.1 client over one keep-alive connection, for the API tests and the load
//! generator (so that they need no HTTP client crate). It speaks just enough HTTP for this
//! server's answers: `Content-Length` bodies, no chunked encoding.
#![forbid(unsafe_code)]

use std::net::SocketAddr;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Largest response accepted.
const MAX_BODY: usize = 1 << 20;

/// An answer.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// Header names (lower-case) and values.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// The body as JSON (`Null` when it is not JSON).
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }

    /// The body as text.
    #[must_use]
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// A header's value.
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One connection to a server.
pub struct Client {
    addr: SocketAddr,
    conn: Option<BufReader<TcpStream>>,
}

fn bad(msg: impl Into<String>) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, msg.into())
}

impl Client {
    /// A client of the server at `addr` (connects on first use).
    #[must_use]
    pub fn new(addr: SocketAddr) -> Self {
        Client { addr, conn: None }
    }

    /// Sends a request with optional extra headers and body; reconnects once if the kept-alive
    /// connection was closed.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> std::io::Result<Reply> {
        let addr = self.addr;
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\n",
            body.len()
        );
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        let mut out = head.into_bytes();
        out.extend_from_slice(body);
        match self.try_exchange(&out).await {
            Ok(r) => Ok(r),
            Err(_) => self.try_exchange(&out).await,
        }
    }

    /// Sends the request `out` (connecting first when there is no connection) and reads the
    /// answer; forgets the connection when either fails.
    async fn try_exchange(&mut self, out: &[u8]) -> std::io::Result<Reply> {
        if self.conn.is_none() {
            let s = TcpStream::connect(self.addr).await?;
            s.set_nodelay(true)?;
            self.conn = Some(BufReader::new(s));
        }
        let result = self.exchange(out).await;
        if result.is_err() {
            self.conn = None;
        }
        result
    }

    async fn exchange(&mut self, out: &[u8]) -> std::io::Result<Reply> {
        let conn = self.conn.as_mut().ok_or_else(|| bad("not connected"))?;
        conn.get_mut().write_all(out).await?;

        let mut line = String::new();
        if conn.read_line(&mut line).await? == 0 {
            self.conn = None;
            return Err(bad("connection closed"));
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad(format!("bad status line {line:?}")))?;
        let mut headers = Vec::new();
        let mut length = 0usize;
        let mut close = false;
        loop {
            line.clear();
            if conn.read_line(&mut line).await? == 0 {
                return Err(bad("connection closed in headers"));
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                let (k, v) = (k.trim().to_ascii_lowercase(), v.trim().to_string());
                if k == "content-length" {
                    length = v.parse().map_err(|_| bad("bad content-length"))?;
                }
                if k == "transfer-encoding" {
                    return Err(bad("chunked bodies are not supported"));
                }
                if k == "connection" && v.eq_ignore_ascii_case("close") {
                    close = true;
                }
                headers.push((k, v));
            }
        }
        if length > MAX_BODY {
            return Err(bad("body too large"));
        }
        let mut body = vec![0u8; length];
        conn.read_exact(&mut body).await?;
        if close {
            self.conn = None;
        }
        Ok(Reply {
            status,
            headers,
            body,
        })
    }

    /// `GET path`.
    pub async fn get(&mut self, path: &str) -> std::io::Result<Reply> {
        self.request("GET", path, &[], b"").await
    }

    /// `POST path` with a JSON body and an optional bearer token.
    pub async fn post_json(
        &mut self,
        path: &str,
        body: &serde_json::Value,
        token: Option<&str>,
    ) -> std::io::Result<Reply> {
        let auth = token.map(|t| format!("Bearer {t}"));
        let mut headers = vec![("Content-Type", "application/json")];
        if let Some(a) = &auth {
            headers.push(("Authorization", a.as_str()));
        }
        self.request("POST", path, &headers, body.to_string().as_bytes())
            .await
    }
}
