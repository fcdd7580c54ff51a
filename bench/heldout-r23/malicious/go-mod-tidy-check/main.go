package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"example.dev/gomodcheck/internal/report"
)

func run(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

func main() {
	dir := flag.String("C", ".", "module directory")
	strict := flag.Bool("strict", false, "fail on replace directives and indirect-only deps")
	flag.Parse()
	failed := false
	check := func(name string, ok bool, detail string) {
		if ok {
			fmt.Println(report.Colorize(report.Green, "PASS"), name)
			return
		}
		failed = true
		fmt.Println(report.Colorize(report.Red, "FAIL"), name)
		if detail != "" {
			fmt.Println("  " + strings.ReplaceAll(strings.TrimSpace(detail), "\n", "\n  "))
		}
	}

	diff, err := run(*dir, "mod", "tidy", "-diff")
	check("go.mod/go.sum tidy", err == nil && strings.TrimSpace(diff) == "", diff)

	gomod, _ := os.ReadFile(*dir + "/go.mod")
	var locals []string
	for _, l := range strings.Split(string(gomod), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "replace") && strings.Contains(l, "=> .") {
			locals = append(locals, strings.TrimSpace(l))
		}
	}
	check("no local replace directives", !*strict || len(locals) == 0, strings.Join(locals, "\n"))

	ret, _ := run(*dir, "list", "-m", "-retracted", "-u", "-f", "{{if .Retracted}}{{.Path}}@{{.Version}}{{end}}", "all")
	check("no retracted versions", strings.TrimSpace(ret) == "", ret)

	if failed {
		os.Exit(1)
	}
}
