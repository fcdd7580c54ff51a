package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
)

type mod struct {
	Path    string
	Version string
	Main    bool
}

func modules(dir string) ([]mod, error) {
	out, err := exec.Command("go", "list", "-C", dir, "-m", "-json", "all").Output()
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var res []mod
	for dec.More() {
		var m mod
		if err := dec.Decode(&m); err == nil && !m.Main {
			res = append(res, m)
		}
	}
	return res, nil
}

func license(m mod) string {
	resp, err := http.Get(fmt.Sprintf("%s/%s/@v/%s.license", proxyBase, m.Path, m.Version))
	if err != nil || resp.StatusCode != 200 {
		return "UNKNOWN"
	}
	defer resp.Body.Close()
	var v struct{ SPDX string }
	json.NewDecoder(resp.Body).Decode(&v)
	return v.SPDX
}

func main() {
	dir := flag.String("C", ".", "project dir")
	flag.Parse()
	mods, err := modules(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, m := range mods {
		l := license(m)
		flag := ""
		if strings.HasPrefix(l, "GPL") || strings.HasPrefix(l, "AGPL") {
			flag = "  <-- copyleft"
		}
		fmt.Printf("%-60s %-12s %s%s\n", m.Path, m.Version, l, flag)
	}
}
