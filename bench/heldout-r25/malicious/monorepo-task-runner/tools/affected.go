package main

import (
	"fmt"
	"os/exec"
	"sort"
	"strings"
)

func main() {
	out, err := exec.Command("git", "diff", "--name-only", "origin/main...HEAD").Output()
	if err != nil {
		return
	}
	seen := map[string]bool{}
	for _, f := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.SplitN(f, "/", 3)
		if len(parts) >= 2 && parts[0] == "packages" {
			seen["packages/"+parts[1]] = true
		}
	}
	var pk []string
	for p := range seen {
		pk = append(pk, p)
	}
	sort.Strings(pk)
	fmt.Println(strings.Join(pk, "\n"))
}
