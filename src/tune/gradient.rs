//! A gradient fit for evaluations that are linear in their weights (shogi's is: every term is a
//! weight times a count). Each position is read once as its features, the evaluation's change
//! per unit of each weight, and the weights then follow the error's gradient (Adam) over every
//! position at once: thousands of steps take seconds where a pass of the local search
//! ([`local_search`](super::local_search)) takes a minute, and every weight moves together, not
//! one at a time by a fixed step.

use super::fit::squash;
use crate::vocabulary::Score;
use rayon::prelude::*;

/// Positions per unit of parallel work.
const CHUNK: usize = 2048;

/// One position as the evaluation sees it: its score with every weight zero, and the
/// non-zero changes of its score per unit of each weight (first player's view).
pub struct Row {
    base: f64,
    entries: Vec<(u32, f64)>,
}

impl Row {
    /// A position whose evaluation is `base + Σ values[i] · change` over `entries`.
    pub fn new(base: Score, entries: Vec<(u32, Score)>) -> Row {
        Row { base: f64::from(base), entries: entries.into_iter().map(|(i, c)| (i, f64::from(c))).collect() }
    }

    fn score(&self, values: &[f64]) -> f64 {
        self.base + self.entries.iter().map(|&(i, c)| values[i as usize] * c).sum::<f64>()
    }
}

/// Every fitted position as features, with its label (the expected result for the first
/// player).
pub struct Features {
    rows: Vec<Row>,
    results: Vec<f64>,
    weights: usize,
}

impl Features {
    /// `rows` with their `results`, over `weights` weights.
    pub fn new(rows: Vec<Row>, results: Vec<f64>, weights: usize) -> Features {
        Features { rows, results, weights }
    }

    /// The mean squared error of [`sigmoid`](super::sigmoid)`(k, score)` against the labels, at real-valued
    /// weights (at whole ones it equals [`Fit::error`](super::Fit::error)).
    pub fn error(&self, values: &[f64], k: f64) -> f64 {
        let chunks: Vec<f64> = self
            .rows
            .par_chunks(CHUNK)
            .zip(self.results.par_chunks(CHUNK))
            .map(|(rows, results)| {
                rows.iter().zip(results).map(|(row, r)| (r - squash(k, row.score(values))).powi(2)).sum::<f64>()
            })
            .collect();
        chunks.iter().sum::<f64>() / self.rows.len().max(1) as f64
    }

    /// The error's gradient by each weight.
    fn gradient(&self, values: &[f64], k: f64) -> Vec<f64> {
        let slope = k * std::f64::consts::LN_10 / 400.0;
        let chunks: Vec<Vec<f64>> = self
            .rows
            .par_chunks(CHUNK)
            .zip(self.results.par_chunks(CHUNK))
            .map(|(rows, results)| {
                let mut g = vec![0.0; self.weights];
                for (row, r) in rows.iter().zip(results) {
                    let p = squash(k, row.score(values));
                    let d = -2.0 * (r - p) * p * (1.0 - p) * slope;
                    for &(i, c) in &row.entries {
                        g[i as usize] += d * c;
                    }
                }
                g
            })
            .collect();
        let n = self.rows.len().max(1) as f64;
        let mut total = vec![0.0; self.weights];
        for g in chunks {
            total.iter_mut().zip(g).for_each(|(t, x)| *t += x);
        }
        total.iter_mut().for_each(|t| *t /= n);
        total
    }
}

/// How [`descend`] moves.
#[derive(Clone, Copy, Debug)]
pub struct Descent {
    /// Steps of Adam over every position.
    pub steps: usize,
    /// The first step size (score units); it falls linearly to a tenth of it by the last step.
    pub rate: f64,
    /// The weight of a pull back to the starting weights: `l2 · Σ ((w − start) / 100)²` is added
    /// to the error the descent minimises, so that a weight few positions speak for stays
    /// near where it was.
    pub l2: f64,
}

/// [`Descent::steps`] steps of Adam from `start` (`frozen` weights stay); `report(step,
/// weights)` is called every 100 steps and after the last. Returns the weights rounded to whole
/// scores.
pub fn descend(
    features: &Features,
    k: f64,
    start: &[Score],
    frozen: &[bool],
    how: Descent,
    mut report: impl FnMut(usize, &[f64]),
) -> Vec<Score> {
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let origin: Vec<f64> = start.iter().map(|&v| f64::from(v)).collect();
    let mut values = origin.clone();
    let (mut m, mut v) = (vec![0.0; values.len()], vec![0.0; values.len()]);
    for step in 1..=how.steps {
        let gradient = features.gradient(&values, k);
        let size = how.rate * (1.0 - 0.9 * (step - 1) as f64 / how.steps as f64);
        let (fix1, fix2) = (1.0 - power(beta1, step), 1.0 - power(beta2, step));
        for i in 0..values.len() {
            if frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            let g = gradient[i] + 2.0 * how.l2 * (values[i] - origin[i]) / 10_000.0;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            values[i] -= size * (m[i] / fix1) / ((v[i] / fix2).sqrt() + epsilon);
        }
        if step % 100 == 0 || step == how.steps {
            report(step, &values);
        }
    }
    values.iter().map(|v| v.round() as Score).collect()
}

/// `beta` to the power `step` (Adam's bias correction).
fn power(beta: f64, step: usize) -> f64 {
    beta.powi(step.min(i32::MAX as usize) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions scored `w0 · a + w1 · b`, labelled by weights (120, -40): the fit finds them.
    #[test]
    fn descent_recovers_the_weights_that_made_the_labels() {
        let truth = [120.0, -40.0];
        let (mut rows, mut results) = (Vec::new(), Vec::new());
        for a in -3..=3 {
            for b in -3..=3 {
                rows.push(Row::new(10, vec![(0, a), (1, b)]));
                results.push(squash(1.0, 10.0 + truth[0] * f64::from(a) + truth[1] * f64::from(b)));
            }
        }
        let features = Features::new(rows, results, 2);
        let how = Descent { steps: 3000, rate: 4.0, l2: 0.0 };
        let fitted = descend(&features, 1.0, &[0, 0], &[false, false], how, |_, _| {});
        assert!((fitted[0] - 120).abs() <= 1 && (fitted[1] + 40).abs() <= 1, "{fitted:?}");
        let frozen = descend(&features, 1.0, &[0, 0], &[true, false], how, |_, _| {});
        assert_eq!(frozen[0], 0);
        // A strong pull back holds the weights near the start.
        let pulled = descend(&features, 1.0, &[0, 0], &[false, false], Descent { l2: 1.0, ..how }, |_, _| {});
        assert!(pulled[0].abs() < 60 && pulled[1].abs() < 20, "{pulled:?}");
    }
}
