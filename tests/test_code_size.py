"""Small functions and modules (the developers' guide: functions under ~60 lines).

A function of the project's apps (not ``.venv``, migrations or tests) longer than
``MAX_FUNCTION_LINES`` fails, unless a comment starting ``# long`` (``# long: <why>``, or
``# Long on purpose ...``) stands just above its ``def`` (or its decorators) or just below it
(after the docstring): the reason is then written next to it. A module longer than
``MAX_MODULE_LINES`` fails unless such a comment is among its first lines (after the docstring).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.test_imports import APPS, ROOT

MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 1000
_REASON = re.compile(r"^\s*#\s*long\b", re.IGNORECASE)
#: Long functions in files being written right now by others, by ``path:name``: ignored by the
#: check; a test fails once one is short, so that its entry is removed.
BEING_WRITTEN: dict[str, str] = {}


def _files() -> list[Path]:
    return [
        path
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if not {"migrations", "tests", "__pycache__"} & set(path.relative_to(ROOT).parts)
    ]


def _has_reason(lines: list[str], first: int, last: int) -> bool:
    """A ``# long`` comment on lines ``first`` to ``last`` (1-based, inclusive)."""
    return any(_REASON.match(line) for line in lines[max(first, 1) - 1 : last])


def _body_start(node: ast.AST) -> int:
    """The line of the first statement after the docstring (or the docstring when alone)."""
    body = node.body  # type: ignore[attr-defined]
    first = body[0]
    docstring = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    if docstring and len(body) > 1:
        return body[1].lineno
    return first.lineno


def long_functions(source: str) -> list[tuple[str, int, int]]:
    """``(name, line, length)`` of each function in ``source`` over the limit without a reason.

    >>> body = "\\n".join(f"    x = {i}" for i in range(61))
    >>> long_functions("def f():\\n" + body)
    [('f', 1, 62)]
    >>> long_functions("# long: one table\\ndef f():\\n" + body)
    []
    >>> long_functions('def f():\\n    \\"\\"\\"Doc.\\"\\"\\"\\n    # long: one table\\n' + body)
    []
    """
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        length = (node.end_lineno or node.lineno) - node.lineno + 1
        if length <= MAX_FUNCTION_LINES:
            continue
        top = min([node.lineno] + [decorator.lineno for decorator in node.decorator_list])
        if _has_reason(lines, top - 2, top - 1) or _has_reason(
            lines, node.lineno, _body_start(node)
        ):
            continue
        found.append((node.name, node.lineno, length))
    return found


def module_too_long(source: str) -> bool:
    """Whether ``source`` is over the module limit without a reason among its first lines.

    >>> body = "x = 1\\n" * 1001
    >>> module_too_long(body), module_too_long("# long: a table\\n" + body)
    (True, False)
    """
    lines = source.splitlines()
    if len(lines) <= MAX_MODULE_LINES:
        return False
    tree = ast.parse(source)
    start = _body_start(tree) if tree.body else 1
    return not _has_reason(lines, 1, start + 2)


def test_the_project_files_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in _files()}
    assert {"rules_engine/case.py", "quiz/views.py", "exams/services.py"} <= names
    assert not [name for name in names if "/migrations/" in name]


@pytest.mark.parametrize("app", [app for app in APPS if (ROOT / app).is_dir()])
def test_no_function_over_60_lines_without_a_reason(app: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line} {name} ({length} lines)"
        for path in _files()
        if path.relative_to(ROOT).parts[0] == app
        for name, line, length in long_functions(path.read_text(encoding="utf-8"))
        if f"{path.relative_to(ROOT).as_posix()}:{name}" not in BEING_WRITTEN
    ]
    assert offenders == [], "split them, or write '# long: <why>' next to the def"


def test_every_function_being_written_is_still_long() -> None:
    """A function of ``BEING_WRITTEN`` made short leaves the list: this fails until then."""
    short = []
    for where in BEING_WRITTEN:
        path, name = where.split(":")
        source = (ROOT / path).read_text(encoding="utf-8")
        if name not in [found[0] for found in long_functions(source)]:
            short.append(where)
    assert short == [], "short now: remove them from BEING_WRITTEN"


def test_no_module_over_1000_lines_without_a_reason() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in _files()
        if module_too_long(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
