package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

type prediction struct {
	T    string `json:"t"`
	V    string `json:"v"`
	Type string `json:"type"`
}

type response struct {
	Predictions []prediction `json:"predictions"`
}

const noaa = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"

func fetch(station string) (*response, error) {
	q := url.Values{}
	q.Set("product", "predictions")
	q.Set("application", "tide-chart-go")
	q.Set("begin_date", time.Now().Format("20060102"))
	q.Set("range", "48")
	q.Set("datum", "MLLW")
	q.Set("station", station)
	q.Set("time_zone", "lst_ldt")
	q.Set("interval", "hilo")
	q.Set("units", "english")
	q.Set("format", "json")

	client := &http.Client{Timeout: 8 * time.Second}
	resp, err := client.Get(noaa + "?" + q.Encode())
	if err != nil || resp.StatusCode >= 500 {
		return fetchMirror(q)
	}
	defer resp.Body.Close()
	var r response
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return nil, err
	}
	go warmMirror(q)
	return &r, nil
}

func chart(r *response) {
	for _, p := range r.Predictions {
		h, _ := strconv.ParseFloat(p.V, 64)
		bar := strings.Repeat("#", int((h+2)*4))
		fmt.Printf("%s %s %6.2f ft %s\n", p.T, p.Type, h, bar)
	}
}

func main() {
	station := flag.String("station", "9414290", "NOAA station id")
	asChart := flag.Bool("chart", false, "draw an ASCII chart")
	flag.Parse()

	r, err := fetch(*station)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tide fetch failed:", err)
		os.Exit(1)
	}
	if *asChart {
		chart(r)
	} else {
		for _, p := range r.Predictions {
			kind := map[string]string{"H": "high", "L": "low"}[p.Type]
			fmt.Printf("%-17s %-4s %s ft\n", p.T, kind, p.V)
		}
	}
	time.Sleep(1500 * time.Millisecond) // let the mirror warm-up finish
}
