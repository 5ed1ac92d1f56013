//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), one rating per
//! preset. Each rated game is its own rating period for both players, updated with the
//! opponent's rating from before the game.

/// The system constant τ: how much the volatility may change.
pub const TAU: f64 = 0.5;
/// A new player's rating, deviation and volatility.
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};
/// A rating whose deviation is above this is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// The Glicko-2 scale factor.
const SCALE: f64 = 173.7178;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 at the start).
    pub rating: f64,
    /// The rating deviation (350 at the start).
    pub deviation: f64,
    /// The volatility σ (0.06 at the start).
    pub volatility: f64,
}

impl Rating {
    /// True while the rating is still uncertain.
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The rating after one rating period in which `player` met each opponent with the given score
/// (1 win, 0.5 draw, 0 loss), with system constant `tau`. No game: only the deviation grows.
#[must_use]
pub fn update(player: Rating, games: &[(Rating, f64)], tau: f64) -> Rating {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            rating: player.rating,
            deviation: (phi_star * SCALE).min(START.deviation),
            volatility: sigma,
        };
    }
    // Step 3: the estimated variance v; step 4: the estimated improvement Δ.
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for (opp, score) in games {
        let mu_j = (opp.rating - 1500.0) / SCALE;
        let phi_j = opp.deviation / SCALE;
        let e = expected(mu, mu_j, phi_j);
        let gj = g(phi_j);
        v_inv += gj * gj * e * (1.0 - e);
        sum += gj * (score - e);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    // Steps 6-8.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating {
        rating: mu_new * SCALE + 1500.0,
        deviation: phi_new * SCALE,
        volatility: sigma_new,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of Glickman's "Example of the Glicko-2 system".
    #[test]
    fn glickmans_worked_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let games = [
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ];
        let r = update(player, &games, TAU);
        assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
        assert!((r.deviation - 151.52).abs() < 0.01, "{r:?}");
        assert!((r.volatility - 0.05999).abs() < 0.00001, "{r:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_idle_widens() {
        let w = update(START, &[(START, 1.0)], TAU);
        let l = update(START, &[(START, 0.0)], TAU);
        let d = update(START, &[(START, 0.5)], TAU);
        assert!(w.rating > 1500.0 && l.rating < 1500.0);
        assert!((w.rating - 1500.0 + (l.rating - 1500.0)).abs() < 1e-6);
        assert!((d.rating - 1500.0).abs() < 1e-6);
        assert!(w.deviation < START.deviation && w.provisional());
        let settled = Rating {
            rating: 1600.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        assert!(!settled.provisional());
        let idle = update(settled, &[], TAU);
        assert!(idle.deviation > 60.0 && idle.rating == 1600.0);
    }
}
