#!/usr/bin/env bash
# tea.sh — what TEA costs in simulation (docs/tea.md; the bound: 1.5x): bench/pmu.sh with
# `--profile tea`, i.e. TEA, its golden reference and the Oracle that robin sim always attaches
# with a profiler, against no profiler, side by side (CPU-time medians), written to
# build/bench/tea.json. env as bench/pmu.sh (ROBIN, BENCH_RUNS, PMU_INSNS).
cd "$(dirname "$0")/.."
PMU_PROFILE=tea PMU_LABEL="tea+golden" PMU_SECTION=tea exec bash bench/pmu.sh
