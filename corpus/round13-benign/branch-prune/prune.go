package main

import (
	"flag"
	"fmt"
	"os/exec"
	"strings"
)

var protected = map[string]bool{"main": true, "master": true, "develop": true, "release": true}

func git(a ...string) string {
	b, err := exec.Command("git", a...).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

func main() {
	yes := flag.Bool("yes", false, "actually delete")
	base := flag.String("base", "main", "base branch")
	flag.Parse()
	cur := git("rev-parse", "--abbrev-ref", "HEAD")
	for _, b := range strings.Split(git("branch", "--merged", *base, "--format=%(refname:short)"), "\n") {
		if b == "" || protected[b] || b == cur || b == *base {
			continue
		}
		if !*yes {
			fmt.Println("would delete", b)
			continue
		}
		out, err := exec.Command("git", "branch", "-d", b).CombinedOutput()
		fmt.Print(string(out))
		if err != nil {
			fmt.Println("skipped", b, err)
		}
	}
}
