#!/usr/bin/env python3
"""The spec's spelling of the profiler wrapper: `python tools/tt_foil_profile.py
[flags] PROGRAM [args...]` runs the C tool tt_foil_profile with exactly the
same arguments (docs/profiling.md, "Coming from the Tracy-based tt-foil").

The C tool is found, in this order: $TT_FOIL_PROFILE; the tools/ folder of
the build tree that holds PROGRAM (walking up from it); build/tools/ of this
checkout; the folder of this script (an installed tree's bin/); tt_foil_profile
on PATH. Python 3 standard
library only."""
import errno
import os
import shutil
import sys

TOOL = "tt_foil_profile"


def find_tool(argv):
    env = os.environ.get("TT_FOIL_PROFILE")
    if env:
        return env, "TT_FOIL_PROFILE=%s" % env
    # the first argument that names an existing file is the program
    for a in argv:
        if a != "--" and not a.startswith("-") and os.path.isfile(a):
            d = os.path.dirname(os.path.abspath(a))
            while True:
                cand = os.path.join(d, "tools", TOOL)
                if os.access(cand, os.X_OK):
                    return cand, cand
                up = os.path.dirname(d)
                if up == d:
                    break
                d = up
            break
    self_dir = os.path.dirname(os.path.abspath(__file__))
    here = os.path.dirname(self_dir)
    # build/tools/ of this checkout, or beside this script (installed: bin/)
    for cand in (os.path.join(here, "build", "tools", TOOL), os.path.join(self_dir, TOOL)):
        if os.access(cand, os.X_OK):
            return cand, cand
    found = shutil.which(TOOL)
    return found, found


def main():
    argv = sys.argv[1:]
    tool, where = find_tool(argv)
    if not tool:
        sys.stderr.write(
            "tt_foil_profile.py: cannot find the tt_foil_profile tool: build it "
            "(cmake --build build) or set TT_FOIL_PROFILE=/path/to/tt_foil_profile\n")
        return 127
    try:
        os.execv(tool, [tool] + argv)  # same pid: signals and exit status pass through
    except OSError as e:
        # 127 when there is no such file, 126 when it cannot be run, as a
        # shell says; the message names where the path came from (the
        # variable, when it is set), as that is what to fix
        fix = ("set TT_FOIL_PROFILE to the tt_foil_profile tool (build/tools/tt_foil_profile), "
               "or unset it to find the tool next to the program or in PATH"
               if where.startswith("TT_FOIL_PROFILE=") else
               "rebuild it (cmake --build build) or set TT_FOIL_PROFILE=/path/to/tt_foil_profile")
        sys.stderr.write("tt_foil_profile.py: cannot run %s: %s; %s\n" % (where, e.strerror, fix))
        return 127 if e.errno in (errno.ENOENT, errno.ENOTDIR) else 126


if __name__ == "__main__":
    sys.exit(main())
