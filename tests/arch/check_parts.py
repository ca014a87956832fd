#!/usr/bin/env python3
"""The include check of core/'s parts: every #include in core/<part> must name a part that
<part> may use (cmake/RubricateParts.cmake, written out as rubricate-parts.json by CMake),
no include may break a never-rule, and neither the table nor the includes may form a cycle.

    check_parts.py TABLE.json CORE_DIR

Prints one `file:line: error: ...` per violation and exits 1 if there is any, else prints a
one-line summary and exits 0."""
import json
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def closure(table):
    """What each part may include: its parts and, through their PUBLIC links, theirs."""
    reach = {}

    def visit(part, path):
        if part in reach:
            return reach[part]
        if part in path:
            return set()  # a cycle in the table, reported by cycles()
        seen = set()
        for dep in table.get(part, []):
            seen |= {dep} | visit(dep, path | {part})
        reach[part] = seen
        return seen

    for part in table:
        visit(part, frozenset())
    return reach


def cycles(edges):
    """Strongly connected components of more than one part (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def parse_never(rules):
    out = []
    for rule in rules:
        scope, pattern, why = rule.split(" => ", 2)
        out.append((scope.split(), re.compile(pattern), why))
    return out


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        config = json.load(f)
    table, core = config["parts"], argv[2]
    never = parse_never(config["never"])
    errors = []

    folders = sorted(d for d in os.listdir(core) if os.path.isdir(os.path.join(core, d)))
    for folder in folders:
        if folder not in table:
            errors.append(f"{os.path.join(core, folder)}: error: folder \"{folder}\" is not a part "
                          "in cmake/RubricateParts.cmake")
    for part, deps in table.items():
        for dep in deps:
            if dep not in table:
                errors.append(f"cmake/RubricateParts.cmake: error: {part} depends on unknown part {dep}")
    for comp in cycles(table):
        errors.append("cmake/RubricateParts.cmake: error: the table has a cycle between "
                      + ", ".join(comp))

    allowed = closure(table)
    edges, files, arrows = {}, 0, set()
    for part in folders:
        for dirpath, dirs, names in os.walk(os.path.join(core, part)):
            dirs.sort()
            for name in sorted(names):
                if not name.endswith((".h", ".cpp", ".hpp")):
                    continue
                files += 1
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.readlines()
                for n, line in enumerate(lines, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    quoted, header = m.group(1) == '"', m.group(2)
                    where = f"{path}:{n}"
                    spelled = f'"{header}"' if quoted else f"<{header}>"
                    for scope, pattern, why in never:
                        if ("*" in scope or part in scope) and pattern.search(header):
                            errors.append(f"{where}: error: {part} includes {spelled}: {why}")
                    target = header.split("/")[0]
                    if not quoted or "/" not in header or target == part or target not in table:
                        continue
                    edges.setdefault(part, set()).add(target)
                    arrows.add((part, target))
                    if part in table and target not in allowed.get(part, set()):
                        may = ", ".join(sorted(allowed.get(part, set())))
                        may = f"may include only {may}" if may else "may include no other part"
                        errors.append(f"{where}: error: {part} includes {spelled}, but {part} "
                                      f"{may} (cmake/RubricateParts.cmake)")
    for comp in cycles(edges):
        errors.append("error: the includes form a cycle between " + ", ".join(comp))

    for e in errors:
        print(e)
    if errors:
        print(f"{len(errors)} error(s)")
        return 1
    print(f"{len(folders)} parts, {files} files, {len(arrows)} arrows, 0 cycles, 0 violations")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
