package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"time"
)

type summary struct {
	Status    struct{ Description string } `json:"status"`
	Incidents []struct {
		ID, Name, Status string
	} `json:"incidents"`
}

func poll(client *http.Client, host string) (*summary, error) {
	resp, err := client.Get("https://" + host + "/api/v2/summary.json")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("%s: HTTP %d", host, resp.StatusCode)
	}
	var s summary
	return &s, json.NewDecoder(resp.Body).Decode(&s)
}

func main() {
	interval := flag.Duration("interval", 2*time.Minute, "poll interval (min 60s)")
	flag.Parse()
	if *interval < time.Minute {
		*interval = time.Minute
	}
	client := &http.Client{Timeout: 15 * time.Second}
	seen := map[string]string{}
	backoff := map[string]time.Duration{}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	tick := time.NewTicker(*interval)
	defer tick.Stop()
	for {
		for _, host := range flag.Args() {
			if b := backoff[host]; b > 0 {
				backoff[host] = b - *interval
				continue
			}
			s, err := poll(client, host)
			if err != nil {
				next := backoff[host]*2 + *interval
				if next > 30*time.Minute {
					next = 30 * time.Minute
				}
				backoff[host] = next
				fmt.Fprintln(os.Stderr, "warn:", err)
				continue
			}
			for _, inc := range s.Incidents {
				if seen[inc.ID] != inc.Status {
					fmt.Printf("%s  %-22s %-12s %s\n", time.Now().Format("15:04"), host, inc.Status, inc.Name)
					seen[inc.ID] = inc.Status
				}
			}
		}
		select {
		case <-tick.C:
		case <-stop:
			return
		}
	}
}
