#!/usr/bin/env bash
# Completion generators for known tools. Sourced by setup.sh.
# Each entry prints the tool's own completion script for shell $1.
gen_kubectl() { kubectl completion "$1"; }
gen_gh()      { gh completion -s "$1"; }
gen_helm()    { helm completion "$1"; }
gen_docker()  { docker completion "$1"; }
gen_rustup()  { rustup completions "$1"; rustup completions "$1" cargo; }
gen_npm()     { npm completion; }
gen_pip()     { pip completion "--$1"; }
TOOLS=(kubectl gh helm docker rustup npm pip)
