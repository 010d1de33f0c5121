#!/usr/bin/env python3
"""How a busy machine shares its cores with one and with two processes of the same work, when the
processes share this process's session and when each has a session of its own (as separately
started services do). Where Linux schedules by session (autogroup:
/proc/sys/kernel/sched_autogroup_enabled is 1), the cores are shared between the busy sessions
first: two processes of one session then get about what one got, and only a second session gets
a second share. This is why benchmarks/mail.py runs each moderator process in a session of its own.

Each process spins on the same fixed piece of pure-Python work; printed: the wall time until all
are done and each one's CPU time, for 1 and 2 processes in each way, --repeat times (medians).

usage: python benchmarks/sessions.py [--repeat N] [--work N]
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import time
from pathlib import Path


def _spin(queue, work: int, own: bool) -> None:
    if own:
        os.setsid()
    cpu = time.process_time()
    x = 0
    for i in range(work):
        x += i * i % 7
    queue.put(time.process_time() - cpu)


def run(n: int, own: bool, work: int) -> tuple[float, float]:
    """(wall seconds until n processes are done, their mean CPU seconds)."""
    ctx = mp.get_context("fork")
    queue = ctx.Queue()
    ps = [ctx.Process(target=_spin, args=(queue, work, own)) for _ in range(n)]
    t0 = time.perf_counter()
    for p in ps:
        p.start()
    cpu = [queue.get(timeout=600) for _ in ps]
    wall = time.perf_counter() - t0
    for p in ps:
        p.join()
    return wall, statistics.mean(cpu)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--work", type=int, default=6_000_000)
    a = ap.parse_args()
    try:
        grouped = Path("/proc/sys/kernel/sched_autogroup_enabled").read_text().strip() == "1"
    except OSError:
        grouped = False
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {os.cpu_count()} cores; "
          f"the kernel {'groups' if grouped else 'does not group'} a session's processes for scheduling")
    for own in (False, True):
        got = {1: [], 2: []}
        for _ in range(a.repeat):
            for n in (1, 2):
                got[n].append(run(n, own, a.work))
        wall = {n: statistics.median(w for w, _ in got[n]) for n in got}
        cpu = {n: statistics.median(c for _, c in got[n]) for n in got}
        print(f"{'each in a session of its own' if own else 'in this session':30s} 1 process {wall[1]:.2f} s "
              f"(CPU {cpu[1]:.2f} s), 2 processes {wall[2]:.2f} s (CPU {cpu[2]:.2f} s each): the work of two "
              f"done at {2 * wall[1] / wall[2]:.2f}x the pace of one")


if __name__ == "__main__":
    main()
