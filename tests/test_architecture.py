"""The layers keep to their places (STYLE habits 1, 11 and 13), read from the code itself.

* ``domain/`` is pure: the standard library and ``eventsourcing.domain`` only (relative
  imports included), and importing it reads no file, socket or clock-dependent resource;
* the one module that goes around the eventsourcing library (``domain/adapter.py``) is the
  only one that imports its persistence parts or builds objects behind its back;
* referees import nothing of the engines they check but static data tables;
* ``analytics/`` imports nothing of ``service/`` (the service's entry points use
  analytics, not the other way round).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOMAIN = ROOT / "domain"
ALLOWED = {"eventsourcing.domain", "__future__"}
ADAPTER = DOMAIN / "adapter.py"
#: what the adapter may use besides: the library's persistence and topic helpers
ADAPTER_ALLOWED = {"eventsourcing.persistence", "eventsourcing.utils"}
#: engine modules a referee may read: static data tables only
REFEREE_DATA = {"domain.audit", "domain.sanguosha.cards", "domain.sanguosha.roster_hegemony"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved to absolute names."""
    found: set[str] = set()
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" \
        else module_name(path)
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.add(name)
            found |= {f"{name}.{a.name}" for a in node.names}  # `from pkg import mod`
    return found


def python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_domain_imports_only_the_standard_library_and_eventsourcing_domain() -> None:
    bad = {}
    for path in python_files("domain"):
        allowed = ALLOWED | (ADAPTER_ALLOWED if path == ADAPTER else set())
        for name in imports(path):
            top = name.split(".")[0]
            ok = (top in sys.stdlib_module_names or top == "domain"
                  or any(name == a or name.startswith(a + ".") for a in allowed))
            if not ok:
                bad.setdefault(str(path.relative_to(ROOT)), []).append(name)
    assert not bad, bad


def test_relative_imports_are_seen(tmp_path: Path) -> None:
    pkg = tmp_path / "domain" / "toy"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    probe = pkg / "m.py"
    probe.write_text("from . import rules\nfrom ..game import Game\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert {"domain.toy.rules", "domain.game", "domain.game.Game"} <= imports(probe)
    finally:
        ROOT = saved


def test_importing_the_domain_reads_no_file() -> None:
    """Import every domain module with file and socket access made to fail."""
    modules = [module_name(p) for p in python_files("domain")]
    script = f"""
import builtins, io, os, pathlib, socket
def refuse(*a, **k):
    raise RuntimeError(f"I/O at import time: {{a[:1]}}")
for owner, name in [(builtins, "open"), (io, "open"), (os, "open"), (pathlib.Path, "open"),
                    (pathlib.Path, "read_text"), (pathlib.Path, "read_bytes"),
                    (socket, "socket")]:
    setattr(owner, name, refuse)
import importlib
for m in {modules!r}:
    importlib.import_module(m)
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


BYPASSES = ("object.__new__", "object.__setattr__", "c_make_encoder", "_record")


def test_library_bypasses_live_in_the_adapter_only() -> None:
    found = []
    for folder in ("domain", "service", "analytics"):
        for path in python_files(folder):
            if path == ADAPTER:
                continue
            tree = ast.parse(path.read_text(), str(path))
            for node in ast.walk(tree):
                text = ast.unparse(node) if isinstance(node, (ast.Attribute, ast.FunctionDef)) \
                    else ""
                if isinstance(node, ast.FunctionDef) and node.name == "_record":
                    found.append(f"{path.relative_to(ROOT)}: def _record")
                elif isinstance(node, ast.Attribute) and text in BYPASSES[:3]:
                    found.append(f"{path.relative_to(ROOT)}: {text}")
    assert not found, found


def test_referees_import_nothing_of_the_engines() -> None:
    bad = {}
    for path in python_files("domain/referee"):
        for name in imports(path):
            engine = name.startswith("domain.") and not name.startswith("domain.referee")
            if engine and not any(name == d or name.startswith(d + ".")
                                  for d in REFEREE_DATA):
                bad.setdefault(str(path.relative_to(ROOT)), []).append(name)
    assert not bad, bad


def test_analytics_imports_nothing_of_the_service() -> None:
    bad = {str(p.relative_to(ROOT)): sorted(n for n in imports(p) if n.split(".")[0] == "service")
           for p in python_files("analytics")}
    assert not {k: v for k, v in bad.items() if v}, bad
