"""Whole-process timing shared by the benchmarks: a command's wall and CPU seconds (its own and
its children's user + system time), the least of several runs."""
from __future__ import annotations

import resource
import subprocess
import time
from dataclasses import dataclass
from typing import Callable, Optional


@dataclass
class Timing:
    """The least wall time and the least CPU time of some runs (seconds)."""

    wall: float
    cpu: float


def run_once(cmd: list[str], env: dict) -> tuple[float, float, str]:
    """One run of `cmd`: wall and CPU seconds and its output; a failing run stops the benchmark."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.strip()[-500:]}")
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), done.stdout


def best_of(repeat: int, cmd: list[str], env: dict,
            before: Optional[Callable[[], None]] = None) -> tuple[Timing, str]:
    """The least wall and the least CPU time of `repeat` runs (`before` runs first each time,
    untimed), and the last run's output."""
    best: Optional[Timing] = None
    out = ""
    for _ in range(max(1, repeat)):
        if before is not None:
            before()
        wall, cpu, out = run_once(cmd, env)
        best = Timing(wall, cpu) if best is None else Timing(min(best.wall, wall), min(best.cpu, cpu))
    assert best is not None
    return best, out
