"""The command line (spec section 6).

    python -m rules_engine judge CASE.json [CASE.json ...]      one decision per case, one JSON
    object per line
    python -m rules_engine judge --check CASE.json ...          compare with each case's expect;
    exit 1 on a difference
    python -m rules_engine validate CASE.json ...               check the cases only; exit 0 when
    valid, 2 when not
    python -m rules_engine frame [--check] FRAME.json ...       judge a frame file stroke after
    stroke: one decision per stroke, one JSON object per line (docs/frames.md)
    python -m rules_engine bench [--seconds S]                  judgements per second and the
    whole-D check time

Bad input is reported on standard error, one line per problem naming the file and
the JSON path, never as a traceback; the other cases are still judged and the exit
status is 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from rules_engine.case import Case, load_case
from rules_engine.check import compare_expectation
from rules_engine.errors import CaseError
from rules_engine.rulesets import referee_for

EXIT_OK, EXIT_DIFFERENCES, EXIT_BAD_INPUT = 0, 1, 2


_UNREADABLE = object()


def read_json(path: str, err: TextIO) -> Any:
    """The JSON value in file ``path``, or ``_UNREADABLE`` after reporting why on ``err`` (one
    line, never a traceback: unreadable file, not UTF-8, invalid JSON, too deep, huge numbers)."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        print(f"{path}: cannot read the file: {error.strerror or error}", file=err)
    except UnicodeDecodeError:
        print(f"{path}: not UTF-8 text", file=err)
    except json.JSONDecodeError as error:
        print(
            f"{path}: line {error.lineno} column {error.colno}: invalid JSON: {error.msg}", file=err
        )
    except RecursionError:
        print(f"{path}: invalid JSON: nested too deeply to be read", file=err)
    except ValueError:  # Python refuses to read integers of more than 4,300 digits
        print(f"{path}: invalid JSON: a number has too many digits", file=err)
    return _UNREADABLE


def read_case(path: str, err: TextIO) -> Case | None:
    """Load one case file; report every problem on ``err`` as ``FILE: PATH: message`` and return
    None."""
    data = read_json(path, err)
    if data is _UNREADABLE:
        return None
    try:
        return load_case(data)
    except CaseError as error:
        for problem in error.problems:
            print(f"{path}: {problem}", file=err)
        return None


def _short(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def run_judge(paths: Sequence[str], *, check: bool, out: TextIO, err: TextIO) -> int:
    status = EXIT_OK
    bad_input = False
    for path in paths:
        case = read_case(path, err)
        if case is None:
            bad_input = True
            continue
        try:
            decision = referee_for(case.ruleset, case.variants).judge(case).to_dict()
        except CaseError as error:  # a fact only judging could reveal, reported like the others
            for problem in error.problems:
                print(f"{path}: {problem}", file=err)
            bad_input = True
            continue
        except Exception as error:  # an engine bug: one line, and the other cases are still judged
            name = type(error).__name__
            print(f"{path}: the engine could not judge this case ({name}: {error})", file=err)
            bad_input = True
            continue
        if not check:
            print(json.dumps(decision, ensure_ascii=False), file=out)
            continue
        if case.expect is None:
            print(f"{path}: ok (no expect block to compare)", file=out)
            continue
        differences = compare_expectation(case.expect, decision)
        if not differences:
            print(f"{path}: ok", file=out)
        for difference in differences:
            status = EXIT_DIFFERENCES
            print(
                f"{path}: {difference.path}: expected {_short(difference.expected)}, "
                f"got {_short(difference.actual)}",
                file=out,
            )
    return EXIT_BAD_INPUT if bad_input else status


def run_frame(paths: Sequence[str], *, check: bool, out: TextIO, err: TextIO) -> int:
    """Judge frame files: one decision per stroke on ``out`` (or, with ``check``, one line per
    difference from the strokes' ``expect`` and the file's ``expect_end``); a stroke whose facts
    are impossible in the state the strokes before it left is reported on ``err`` with its
    index and JSON path, and ends that file (the following states are unknown)."""
    from rules_engine.frame import end_of, iter_frame, load_frame

    status = EXIT_OK
    bad_input = False
    for path in paths:
        data = read_json(path, err)
        if data is _UNREADABLE:
            bad_input = True
            continue
        judged = []
        differs = False
        try:
            frame = load_frame(data)
            for stroke in iter_frame(frame):
                judged.append(stroke)
                if not check:
                    print(json.dumps(stroke.decision.to_dict(), ensure_ascii=False), file=out)
                for difference in stroke.differences if check else ():
                    differs = True
                    _print_difference(path, f"strokes[{stroke.index}].expect.", difference, out)
        except CaseError as error:
            for problem in error.problems:
                print(f"{path}: {problem}", file=err)
            bad_input = True
            continue
        if check and frame.expect_end is not None:
            for difference in compare_expectation(frame.expect_end, end_of(judged)):
                differs = True
                _print_difference(path, "expect_end.", difference, out)
        if differs:
            status = EXIT_DIFFERENCES
        elif check:
            print(f"{path}: ok ({len(judged)} strokes)", file=out)
    return EXIT_BAD_INPUT if bad_input else status


def _print_difference(path: str, prefix: str, difference: Any, out: TextIO) -> None:
    print(
        f"{path}: {prefix}{difference.path}: expected {_short(difference.expected)}, "
        f"got {_short(difference.actual)}",
        file=out,
    )


def run_validate(paths: Sequence[str], *, out: TextIO, err: TextIO) -> int:
    bad = False
    for path in paths:
        if read_case(path, err) is None:
            bad = True
        else:
            print(f"{path}: valid", file=out)
    return EXIT_BAD_INPUT if bad else EXIT_OK


def main(
    argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = argparse.ArgumentParser(
        prog="python -m rules_engine", description="Baize's snooker referee."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    judge_parser = commands.add_parser("judge", help="judge cases, one JSON decision per line")
    judge_parser.add_argument(
        "--check", action="store_true", help="compare with each case's expect block"
    )
    judge_parser.add_argument("cases", nargs="+", metavar="CASE.json")
    validate_parser = commands.add_parser("validate", help="check cases without judging them")
    validate_parser.add_argument("cases", nargs="+", metavar="CASE.json")
    frame_parser = commands.add_parser(
        "frame", help="judge frame files stroke after stroke, one JSON decision per line"
    )
    frame_parser.add_argument(
        "--check", action="store_true", help="compare with each stroke's expect block"
    )
    frame_parser.add_argument("frames", nargs="+", metavar="FRAME.json")
    bench_parser = commands.add_parser("bench", help="measure judgements per second")
    bench_parser.add_argument(
        "--seconds", type=float, default=1.0, help="time spent on each measurement"
    )
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return EXIT_BAD_INPUT if exit_.code else EXIT_OK
    if args.command == "judge":
        return run_judge(args.cases, check=args.check, out=out, err=err)
    if args.command == "validate":
        return run_validate(args.cases, out=out, err=err)
    if args.command == "frame":
        return run_frame(args.frames, check=args.check, out=out, err=err)
    from rules_engine.bench import run_bench

    return run_bench(seconds=args.seconds, out=out)
