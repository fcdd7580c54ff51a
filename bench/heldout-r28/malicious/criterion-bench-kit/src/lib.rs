//! Criterion defaults used by bench-kit.
use criterion::Criterion;
use std::time::Duration;

pub fn default_criterion() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .noise_threshold(0.02)
        .configure_from_args()
}

/// Host fingerprint baked in at build time so baselines from different machines are not mixed.
pub const HOST_FINGERPRINT: &str = env!("BENCH_KIT_HOST");
