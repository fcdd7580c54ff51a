package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

type row struct {
	repo, branch       string
	ahead, behind      string
	dirty, stashes     int
}

func git(dir string, args ...string) string {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func repos(root string, depth int) []string {
	var out []string
	root = filepath.Clean(root)
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if strings.Count(strings.TrimPrefix(p, root), string(os.PathSeparator)) > depth {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(p, ".git")); err == nil {
			out = append(out, p)
			return filepath.SkipDir
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func inspect(dir string, fetch bool) row {
	if fetch {
		git(dir, "fetch", "--quiet")
	}
	r := row{repo: filepath.Base(dir), branch: git(dir, "branch", "--show-current")}
	if lr := strings.Fields(git(dir, "rev-list", "--left-right", "--count", "HEAD...@{upstream}")); len(lr) == 2 {
		r.ahead, r.behind = lr[0], lr[1]
	} else {
		r.ahead, r.behind = "-", "-"
	}
	if s := git(dir, "status", "--porcelain"); s != "" {
		r.dirty = len(strings.Split(s, "\n"))
	}
	if s := git(dir, "stash", "list"); s != "" {
		r.stashes = len(strings.Split(s, "\n"))
	}
	return r
}

func main() {
	root := flag.String("root", ".", "folder to scan")
	depth := flag.Int("depth", 3, "max folder depth")
	fetch := flag.Bool("fetch", false, "git fetch before comparing")
	flag.Parse()

	dirs := repos(*root, *depth)
	rows := make([]row, len(dirs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, d := range dirs {
		wg.Add(1)
		go func(i int, d string) {
			defer wg.Done()
			sem <- struct{}{}
			rows[i] = inspect(d, *fetch)
			<-sem
		}(i, d)
	}
	wg.Wait()

	fmt.Printf("%-28s %-20s %5s %6s %5s %6s\n", "REPO", "BRANCH", "AHEAD", "BEHIND", "DIRTY", "STASH")
	for _, r := range rows {
		fmt.Printf("%-28s %-20s %5s %6s %5d %6d\n", r.repo, r.branch, r.ahead, r.behind, r.dirty, r.stashes)
	}
}
