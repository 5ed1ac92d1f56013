//! Starting the server: the store opened, the state built, the background tasks (sweeps, flag
//! timers, following other instances) started, and the router bound to its address.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;

use crate::app::{open_store, App, Config};
use crate::brain::{Brain, EngineBrain};
use crate::cluster::follow::{follow_changes, keep_presence};
use crate::cluster::leases::keep_leases;
use crate::cluster::sweeps::{sweep_clocks, sweep_idle_rooms};
use crate::http::error::ServerError;
use crate::http::router;
use crate::round::find::check_flag;
use crate::round::timers;

/// A server bound to its address, ready to serve.
pub struct Bound {
    listener: tokio::net::TcpListener,
    router: Router,
    app: Arc<App>,
    header_timeout: Duration,
    max_connections_per_address: usize,
}

impl Bound {
    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The shared state.
    pub fn app(&self) -> Arc<App> {
        Arc::clone(&self.app)
    }

    /// Serves until `shutdown` completes.
    pub async fn serve(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        crate::http::conn::serve(
            self.listener,
            self.router,
            self.header_timeout,
            crate::http::limit::PerAddress::new(self.max_connections_per_address),
            shutdown,
        )
        .await?;
        Ok(())
    }
}

/// Opens the store, builds the router with `brain` and binds `config.addr` (inside a Tokio
/// runtime).
pub async fn bind(config: &Config, brain: Arc<dyn Brain>) -> Result<Bound, ServerError> {
    let store = open_store(config)?;
    let app = App::new(config, store, brain);
    tokio::spawn(sweep_idle_rooms(
        Arc::downgrade(&app),
        Duration::from_secs(config.room_idle_secs),
    ));
    tokio::spawn(timers::drive(
        Arc::clone(&app.timers),
        Arc::downgrade(&app),
        |app, id| {
            tokio::spawn(check_flag(Arc::clone(app), id));
        },
    ));
    // The clocks that ran when the server stopped run on: their deadlines come back from the
    // store (a deadline that passed meanwhile fires at once).
    for (id, deadline) in app.hub.store().running_clocks()? {
        app.timers.arm(&id, deadline);
    }
    // Online tournaments: the results of the games that end here at once, and now and then
    // whatever else is due (games that ended elsewhere or before a restart, arena waves).
    let ended = app
        .ended_games_rx
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take();
    if let Some(ended) = ended {
        tokio::spawn(crate::tournament::online::follow_endings(
            Arc::downgrade(&app),
            ended,
        ));
    }
    tokio::spawn(crate::tournament::online::sweep(Arc::downgrade(&app)));
    // Several instances share a PostgreSQL store: follow the others' changes.
    if let Some(changes) = app.hub.store().changes() {
        tokio::spawn(follow_changes(Arc::downgrade(&app), changes));
        tokio::spawn(sweep_clocks(Arc::downgrade(&app)));
        tokio::spawn(keep_leases(Arc::downgrade(&app)));
        tokio::spawn(keep_presence(Arc::downgrade(&app)));
    }
    let router = router(Arc::clone(&app), config);
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    Ok(Bound {
        listener,
        router,
        app,
        header_timeout: Duration::from_secs(config.header_timeout_secs.max(1)),
        max_connections_per_address: config.max_connections_per_address,
    })
}

/// Open files kept for everything but WebSockets: the listener, the logs, the database's files
/// and ordinary HTTP connections (the database pool's connections come on top).
pub const FILES_KEPT: u64 = 256;

/// Raises this process's soft limit on open files to its hard limit (a common soft limit is
/// 1,024, far below the WebSockets a server holds); answers the soft limit now.
///
/// # Errors
///
/// When the limit cannot be read or set.
pub fn raise_file_limit() -> std::io::Result<u64> {
    rlimit::increase_nofile_limit(u64::MAX)
}

/// Most WebSockets a server with `db_pool` database connections can hold open under the
/// open-file limit `limit`: what is left after [`FILES_KEPT`] and the pool.
#[must_use]
pub fn websockets_allowed(limit: u64, db_pool: usize) -> usize {
    let kept = FILES_KEPT.saturating_add(u64::try_from(db_pool).unwrap_or(u64::MAX));
    usize::try_from(limit.saturating_sub(kept)).unwrap_or(usize::MAX)
}

/// Raises the open-file limit ([`raise_file_limit`]) and checks that `config`'s WebSockets fit
/// under it ([`websockets_allowed`]).
///
/// # Errors
///
/// [`ServerError::FileLimit`] when they do not, [`ServerError::Io`] when the limit cannot be
/// read or set.
pub fn check_file_limit(config: &Config) -> Result<(), ServerError> {
    let limit = raise_file_limit()?;
    let allowed = websockets_allowed(limit, config.db_pool);
    if config.max_websockets > allowed {
        return Err(ServerError::FileLimit {
            asked: config.max_websockets,
            allowed,
            limit,
        });
    }
    Ok(())
}

/// Runs the server with the real engine until Ctrl-C or SIGTERM; `on_ready` is told the bound
/// address once it accepts connections. The open-file limit is raised first, and a cap on
/// WebSockets above what it allows is refused ([`check_file_limit`]).
pub fn run(config: Config, on_ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    check_file_limit(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let bound = bind(&config, Arc::new(EngineBrain)).await?;
        on_ready(bound.local_addr()?);
        bound.serve(shutdown_signal()).await
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
