package main

import (
	"bufio"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

var artefacts = map[string][]string{
	"target":       {"Cargo.toml", "pom.xml"},
	"node_modules": {"package.json"},
	"dist":         {"package.json", "pyproject.toml", "setup.py"},
	".next":        {"package.json"},
	"__pycache__":  {"pyproject.toml", "setup.py", "requirements.txt"},
	"build":        {"build.gradle", "build.gradle.kts", "CMakeLists.txt", "package.json"},
}

func hasMarker(dir string, markers []string) bool {
	for _, m := range markers {
		if _, err := os.Stat(filepath.Join(dir, m)); err == nil {
			return true
		}
	}
	return false
}

func size(p string) (n int64) {
	filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if i, e := d.Info(); e == nil {
				n += i.Size()
			}
		}
		return nil
	})
	return
}

func main() {
	root := flag.String("root", ".", "projects folder")
	older := flag.Int("older", 30, "only folders not modified for this many days")
	del := flag.Bool("delete", false, "delete after confirmation")
	flag.Parse()

	absRoot, _ := filepath.Abs(*root)
	cutoff := time.Now().AddDate(0, 0, -*older)
	type hit struct {
		path string
		size int64
	}
	var hits []hit
	var total int64

	filepath.WalkDir(absRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		markers, ok := artefacts[d.Name()]
		if !ok || !hasMarker(filepath.Dir(p), markers) {
			return nil
		}
		if info, e := d.Info(); e == nil && info.ModTime().After(cutoff) {
			return filepath.SkipDir
		}
		s := size(p)
		hits = append(hits, hit{p, s})
		total += s
		return filepath.SkipDir
	})

	for _, h := range hits {
		fmt.Printf("%8.1f MB  %s\n", float64(h.size)/1e6, h.path)
	}
	fmt.Printf("%d folders, %.2f GB\n", len(hits), float64(total)/1e9)
	if !*del || len(hits) == 0 {
		return
	}
	fmt.Printf("Delete %d folders (%.2f GB)? [y/N] ", len(hits), float64(total)/1e9)
	ans, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	if strings.ToLower(strings.TrimSpace(ans)) != "y" {
		fmt.Println("aborted")
		return
	}
	for _, h := range hits {
		if !strings.HasPrefix(h.path, absRoot+string(os.PathSeparator)) {
			continue
		}
		if err := os.RemoveAll(h.path); err != nil {
			fmt.Println("failed:", h.path, err)
		}
	}
	fmt.Println("done")
}
