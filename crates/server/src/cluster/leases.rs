//! The leases of games against the computer in a shared store: renewed while held, taken over
//! when their instance dies.

use std::sync::Arc;
use std::time::Duration;

use crate::app::App;
use crate::cluster::sweeps::on_every_tick;
use crate::metrics::LeaseOutcome;
use crate::round::find;

/// How often an instance sharing its store renews its leases and looks for lapsed ones.
const LEASE_RENEWAL: Duration = Duration::from_secs(1);

/// Renews, now and then, the leases of the games this instance holds in memory (and gives up
/// those of games it dropped or that ended); takes over the games whose lease lapsed (their
/// instance died): each is loaded, the computer plays if it is to move, and its clock is
/// checked, without anybody having to ask for the game.
pub(crate) async fn keep_leases(app: std::sync::Weak<App>) {
    on_every_tick(
        app,
        tokio::time::interval(LEASE_RENEWAL),
        |app| async move {
            let held = Arc::clone(&app);
            let lapsed = tokio::task::spawn_blocking(move || {
                let running: Vec<String> = held
                    .hub
                    .ids()
                    .iter()
                    .filter(|id| held.hub.peek(id).is_some_and(|r| !r.lock().is_over()))
                    .map(|id| id.to_string())
                    .collect();
                let store = held.hub.store();
                let metrics = &held.metrics;
                match store.renew_leases(&running) {
                    Ok(()) => metrics.lease_sweep(LeaseOutcome::Renewed, 1),
                    Err(e) => {
                        metrics.lease_sweep(LeaseOutcome::RenewFailed, 1);
                        tracing::warn!(
                            error = %e,
                            games = running.len(),
                            "lease sweep: renewing this instance's leases failed"
                        );
                    }
                }
                let lapsed = match store.lapsed_leases() {
                    Ok(lapsed) => lapsed,
                    Err(e) => {
                        metrics.lease_sweep(LeaseOutcome::TakeFailed, 1);
                        tracing::warn!(error = %e, "lease sweep: looking for lapsed leases failed");
                        Vec::new()
                    }
                };
                let mut taken = Vec::new();
                for id in lapsed {
                    match store.hold_lease(&id) {
                        Ok(true) => {
                            metrics.lease_sweep(LeaseOutcome::TakenOver, 1);
                            tracing::info!(game = %id, "lease sweep: took over a lapsed lease");
                            taken.push(id);
                        }
                        // Another instance took it first.
                        Ok(false) => {}
                        Err(e) => {
                            metrics.lease_sweep(LeaseOutcome::TakeFailed, 1);
                            tracing::warn!(
                                game = %id,
                                error = %e,
                                "lease sweep: taking over a lapsed lease failed"
                            );
                        }
                    }
                }
                taken
            })
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "lease sweep: the sweep's task failed");
                Vec::new()
            });
            for id in lapsed {
                tokio::spawn(find::resume(Arc::clone(&app), id));
            }
        },
    )
    .await;
}
