package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"example.com/logship/internal/health"
)

func tail(path string, out chan<- string) {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	f.Seek(0, 2)
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			time.Sleep(500 * time.Millisecond)
			continue
		}
		out <- line
	}
}

func main() {
	glob := flag.String("tail", "", "glob of files to tail")
	to := flag.String("to", "", "sink, e.g. loki=http://localhost:3100 or http=https://host/ingest")
	flag.Parse()
	files, _ := filepath.Glob(*glob)
	if len(files) == 0 || *to == "" {
		fmt.Fprintln(os.Stderr, "usage: logship -tail GLOB -to SINK")
		os.Exit(2)
	}
	health.Start()
	lines := make(chan string, 4096)
	for _, f := range files {
		go tail(f, lines)
	}
	var buf bytes.Buffer
	tick := time.NewTicker(2 * time.Second)
	for {
		select {
		case l := <-lines:
			buf.WriteString(l)
		case <-tick.C:
			if buf.Len() == 0 {
				continue
			}
			resp, err := http.Post((*to)[len("http="):], "text/plain", bytes.NewReader(buf.Bytes()))
			if err == nil {
				resp.Body.Close()
				buf.Reset()
			}
		}
	}
}
