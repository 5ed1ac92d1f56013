//! The sweeps every instance runs now and then: idle games dropped from memory and, with a
//! shared store, clocks whose instance died.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::app::App;
use crate::metrics::ClockOutcome;
use crate::round::clock;

/// Drops idle games from memory now and then, for as long as `app` lives.
pub(crate) async fn sweep_idle_rooms(app: std::sync::Weak<App>, idle: Duration) {
    let every = (idle / 4).clamp(Duration::from_secs(1), Duration::from_secs(60));
    let ticks = tokio::time::interval_at((Instant::now() + every).into(), every);
    on_every_tick(app, ticks, |app| async move {
        app.evict_idle();
        app.lobby.expire().await;
    })
    .await;
}

/// Runs `task` at every tick of `ticks`, for as long as `app` lives (each run holds the app).
pub(crate) async fn on_every_tick<F, Fut>(
    app: std::sync::Weak<App>,
    mut ticks: tokio::time::Interval,
    task: F,
) where
    F: Fn(Arc<App>) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    loop {
        ticks.tick().await;
        let Some(app) = app.upgrade() else {
            return;
        };
        task(app).await;
    }
}

/// How often an instance sharing its store looks for clocks whose deadline passed unnoticed
/// (the instance that ran them died).
const CLOCK_SWEEP: Duration = Duration::from_secs(2);

/// Arms, now and then, the clocks of the shared store whose deadline passed (their instance
/// died): whichever instance records the flag fall first ends the game, once.
pub(crate) async fn sweep_clocks(app: std::sync::Weak<App>) {
    on_every_tick(app, tokio::time::interval(CLOCK_SWEEP), |app| async move {
        let now = clock::now_ms();
        let late = tokio::task::spawn_blocking(move || {
            let clocks = match app.hub.store().running_clocks() {
                Ok(clocks) => clocks,
                Err(e) => {
                    app.metrics.clock_sweep(ClockOutcome::Failed, 1);
                    tracing::warn!(error = %e, "clock sweep: reading the running clocks failed");
                    return;
                }
            };
            app.metrics.clock_sweep(ClockOutcome::Swept, 1);
            let mut armed = 0;
            for (id, deadline) in clocks {
                if deadline + 1000 < now {
                    app.timers.arm(&id, deadline);
                    armed += 1;
                }
            }
            app.metrics.clock_sweep(ClockOutcome::Armed, armed);
            if armed > 0 {
                tracing::info!(
                    armed,
                    "clock sweep: armed clocks whose deadline passed unnoticed"
                );
            }
        });
        if let Err(e) = late.await {
            tracing::warn!(error = %e, "clock sweep: the sweep's task failed");
        }
    })
    .await;
}
