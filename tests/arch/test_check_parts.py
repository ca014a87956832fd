#!/usr/bin/env python3
"""Proves that check_parts.py fails where it must: each case copies core/'s sources to a
temporary folder, adds one deliberately bad include and expects exit 1 and the right message.

    test_check_parts.py TABLE.json CORE_DIR"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, "check_parts.py")
TABLE = CORE = None


class CheckPartsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="rubricate-parts-")
        self.core = os.path.join(self.tmp.name, "core")
        shutil.copytree(CORE, self.core, ignore=lambda d, names: [
            n for n in names
            if not os.path.isdir(os.path.join(d, n)) and not n.endswith((".h", ".cpp"))])

    def tearDown(self):
        self.tmp.cleanup()

    def add_include(self, relative, include):
        """Puts `include` as the first line of core/<relative>, as a careless edit would."""
        path = os.path.join(self.core, relative)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(include + "\n" + text)

    def check(self):
        run = subprocess.run([sys.executable, CHECKER, TABLE, self.core], capture_output=True,
                             text=True, check=False)
        print(run.stdout, end="")
        return run.returncode, run.stdout

    def expect_failure(self, *messages):
        code, out = self.check()
        self.assertEqual(code, 1, out)
        for message in messages:
            self.assertIn(message, out)

    def test_copy_passes(self):
        code, out = self.check()
        self.assertEqual(code, 0, out)
        self.assertIn("0 cycles, 0 violations", out)

    def test_part_outside_the_table_fails(self):
        self.add_include("scoring/drb2scoring.cpp", '#include "store/projectstore.h"')
        self.expect_failure(
            'scoring/drb2scoring.cpp:1: error: scoring includes "store/projectstore.h", but '
            "scoring may include only domain, text")

    def test_cycle_fails(self):
        self.add_include("domain/types.h", '#include "scoring/drb2scoring.h"')
        self.expect_failure('domain/types.h:1: error: domain includes "scoring/drb2scoring.h"',
                            "error: the includes form a cycle between domain, scoring")

    def test_widgets_in_core_fail(self):
        self.add_include("store/migrations.cpp", "#include <QWidget>")
        self.expect_failure("store/migrations.cpp:1: error: store includes <QWidget>: core never "
                            "links widgets")

    def test_ui_in_core_fails(self):
        self.add_include("runs/runplanner.cpp", '#include "ui/mainwindow.h"')
        self.expect_failure('runs/runplanner.cpp:1: error: runs includes "ui/mainwindow.h"')

    def test_network_in_scoring_fails(self):
        self.add_include("scoring/leaderboard.cpp", "#include <QNetworkReply>")
        self.expect_failure("scoring/leaderboard.cpp:1: error: scoring includes <QNetworkReply>: "
                            "scoring and agreement never touch the network")

    def test_qobject_in_agreement_fails(self):
        self.add_include("agreement/kappa.h", "#include <QObject>")
        self.expect_failure("agreement/kappa.h:1: error: agreement includes <QObject>")

    def test_folder_outside_the_table_fails(self):
        os.makedirs(os.path.join(self.core, "extras"))
        self.expect_failure('error: folder "extras" is not a part')


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip())
    TABLE, CORE = sys.argv[1], sys.argv[2]
    unittest.main(argv=[sys.argv[0], "-v"] + sys.argv[3:])
