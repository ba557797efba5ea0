"""Every import of the project points down: no circle, and no app imports one above it.

The graph is read from the source (``ast``), not by importing: every ``.py`` of the project's
apps (not ``.venv``, migrations or tests), every import statement, the ones inside functions
too (a lazy import still ties two modules together), but not those under ``if TYPE_CHECKING:``
(they never run). ``from package import name`` is an edge to ``package.name`` when that is a
module of the project, else to ``package``.

Known cycles and upward imports being untied now are listed by name (``KNOWN_CYCLES``,
``KNOWN_UPWARD``): the other tests ignore exactly their imports, and a test fails once one is
gone, so that its entry is removed. The engine has none: it
must stay acyclic.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The apps from the bottom up: an app may import its own modules and those of the apps in
#: lower layers, never a higher one. Apps in one layer do not import each other (a test says
#: so below). ``frames`` is the "referee this frame" exercise, beside ``exams``.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("rules_engine",),
    ("config", "throttling"),
    ("accounts",),
    ("federations",),
    ("quiz",),
    ("frames",),
    ("exams",),
    ("credentials", "studio"),
    ("loadtest",),
)
APPS = tuple(app for layer in LAYERS for app in layer)
LAYER_OF = {app: index for index, layer in enumerate(LAYERS) for app in layer}

#: Circles of imports being untied right now (issue 25), each by the modules it runs through:
#: the imports among them are ignored by the other tests. Remove an entry once it is untied (a
#: test fails until then).
KNOWN_CYCLES: dict[str, tuple[str, ...]] = {
}
#: Imports of a higher app being untied right now, each by its edges (importer, imported);
#: likewise removed once gone.
KNOWN_UPWARD: dict[str, tuple[tuple[str, str], ...]] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_files() -> dict[str, Path]:
    """Every module of the project's apps by dotted name (migrations, tests and caches left
    out)."""
    files: dict[str, Path] = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            relative = path.relative_to(ROOT).parts
            if {"migrations", "tests", "__pycache__"} & set(relative):
                continue
            files[_module_name(path)] = path
    return files


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The dotted names an import statement in ``module`` reaches (the base of a relative
    import resolved), each with the names it takes as possible submodules."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join(package + ([base] if base else []))
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


@functools.cache
def import_graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """``(edges, outside)``: for each project module the project modules it imports, and the
    top-level names of everything else it imports (read once per run: do not change them)."""
    files = project_files()
    edges: dict[str, set[str]] = {name: set() for name in files}
    outside: dict[str, set[str]] = {name: set() for name in files}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        skipped = _type_checking_lines(tree)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or node.lineno in skipped:
                continue
            names = _imported(node, module, path.name == "__init__.py")
            if isinstance(node, ast.ImportFrom):
                base, subs = names[0], [name for name in names[1:] if name in files]
                targets = subs or ([base] if base else [])
                if subs and len(subs) < len(names) - 1:  # names that are not modules too
                    targets.append(base)
            else:
                targets = names
            for target in targets:
                while target and target not in files and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target in files:
                    if target != module:
                        edges[module].add(target)
                elif target:
                    outside[module].add(target.split(".")[0])
    return edges, outside


def _app(module: str) -> str:
    return module.split(".")[0]


def _known_edges() -> set[tuple[str, str]]:
    """The imports the tests ignore: those inside a known cycle, and the known upward ones."""
    inside = {
        (first, second)
        for modules in KNOWN_CYCLES.values()
        for first in modules
        for second in modules
        if first != second
    }
    return inside | {edge for edges in KNOWN_UPWARD.values() for edge in edges}


def find_cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected group of modules (Tarjan), as one cycle through it: empty when
    every import points down."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:  # iterative, so a long chain cannot exhaust the stack
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return [_cycle_through(sorted(group), edges) for group in groups]


def _cycle_through(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """One circle of imports inside ``group`` (a strongly connected set), from its first module
    back to it: the shortest, by a breadth-first search."""
    members = set(group)
    start = group[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    return group  # pragma: no cover - a strongly connected group always has a circle


def _without_known(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    known = _known_edges()
    return {
        module: {target for target in targets if (module, target) not in known}
        for module, targets in edges.items()
    }


def test_the_graph_is_read() -> None:
    edges, outside = import_graph()
    assert "rules_engine.case" in edges and "quiz.grading" in edges
    assert "rules_engine" in edges["quiz.grading"] or any(
        target.startswith("rules_engine") for target in edges["quiz.grading"]
    )
    assert "django" in outside["quiz.models"]


def test_find_cycles_finds_a_circle() -> None:
    circle = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycles(circle) == [["a", "b", "c", "a"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_runs_in_a_circle() -> None:
    edges, _ = import_graph()
    cycles = find_cycles(_without_known(edges))
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_engine_has_no_cycle_of_its_own() -> None:
    edges, _ = import_graph()
    engine = {
        module: {t for t in targets if _app(t) == "rules_engine"}
        for module, targets in edges.items()
        if _app(module) == "rules_engine"
    }
    assert find_cycles(engine) == []
    assert not [edge for edge in _known_edges() if _app(edge[0]) == "rules_engine"]


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    edges, outside = import_graph()
    for module in edges:
        if _app(module) != "rules_engine":
            continue
        assert {_app(target) for target in edges[module]} <= {"rules_engine"}, module
        assert sorted(outside[module] - set(sys.stdlib_module_names)) == [], module


def test_no_app_imports_a_higher_one_or_a_neighbour() -> None:
    edges, _ = import_graph()
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in _without_known(edges).items()
        for target in targets
        if _app(target) != _app(module) and LAYER_OF[_app(target)] >= LAYER_OF[_app(module)]
    )
    assert upward == [], "imports against the layers " + repr(LAYERS)


def test_every_app_has_a_layer() -> None:
    apps = {path.parent.name for path in ROOT.glob("*/__init__.py")} | {"loadtest"}
    assert apps - {"tests"} <= set(APPS)


def test_every_known_cycle_is_still_there() -> None:
    """A cycle untied leaves the list: its name here fails the suite until it is removed."""
    edges, _ = import_graph()
    gone = []
    for name, modules in KNOWN_CYCLES.items():
        inside = {module: edges.get(module, set()) & set(modules) for module in modules}
        if not find_cycles(inside):
            gone.append(name)
    assert gone == [], "untied: remove them from KNOWN_CYCLES"


def test_every_known_upward_import_is_still_there() -> None:
    """An upward import removed leaves the list: its name here fails the suite until then."""
    edges, _ = import_graph()
    gone = [
        name
        for name, pairs in KNOWN_UPWARD.items()
        if not [pair for pair in pairs if pair[1] in edges.get(pair[0], ())]
    ]
    assert gone == [], "removed: remove them from KNOWN_UPWARD"
