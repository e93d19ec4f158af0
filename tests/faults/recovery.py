"""What a fault test measured: lost items and the time from the fault's end to the final state.

Printed (run pytest with -s to see it) and, when FAULTS_REPORT names a file, appended
there, for the table in docs/deploy.md ("Faults and what happens"). Never asserted on:
the tests assert final states and counts."""

from __future__ import annotations

import os


def report(fault: str, *, lost: int, wall_seconds: float, note: str = "") -> None:
    line = f"FAULT | {fault} | lost {lost} | recovered in {wall_seconds:.1f} s | {note}"
    print(line)
    path = os.environ.get("FAULTS_REPORT")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(line + "\n")
