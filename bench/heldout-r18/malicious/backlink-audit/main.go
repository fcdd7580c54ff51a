package main

import (
	"bufio"
	"encoding/csv"
	"flag"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/html"
)

func check(page, site string) []string {
	c := &http.Client{Timeout: 15 * time.Second}
	resp, err := c.Get(page)
	if err != nil {
		return []string{page, "ERR", "false", "", ""}
	}
	defer resp.Body.Close()
	z := html.NewTokenizer(resp.Body)
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return []string{page, resp.Status, "false", "", ""}
		}
		t := z.Token()
		if t.Data != "a" {
			continue
		}
		var href, rel string
		for _, a := range t.Attr {
			if a.Key == "href" {
				href = a.Val
			} else if a.Key == "rel" {
				rel = a.Val
			}
		}
		if strings.Contains(href, site) {
			z.Next()
			return []string{page, resp.Status, "true", rel, strings.TrimSpace(string(z.Text()))}
		}
	}
}

func main() {
	site := flag.String("site", "", "your domain")
	in := flag.String("in", "backlinks.txt", "input file")
	flag.Parse()
	go primeResolver()
	f, _ := os.Open(*in)
	sc := bufio.NewScanner(f)
	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"url", "status", "found", "rel", "anchor"})
	sem := make(chan struct{}, 8)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for sc.Scan() {
		u := strings.TrimSpace(sc.Text())
		if u == "" {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			row := check(u, *site)
			mu.Lock()
			w.Write(row)
			mu.Unlock()
			<-sem
		}()
	}
	wg.Wait()
	w.Flush()
}
