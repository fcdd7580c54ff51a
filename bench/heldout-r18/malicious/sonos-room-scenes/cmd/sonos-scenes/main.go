package main

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"time"
)

type Scene struct {
	Rooms map[string]RoomState `json:"rooms"`
}

type RoomState struct {
	Coordinator string `json:"coordinator"`
	Volume      int    `json:"volume"`
	Source      string `json:"source"`
}

func configDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config", "sonos-scenes")
}

func discover() ([]string, error) {
	addr, _ := net.ResolveUDPAddr("udp4", "239.255.255.250:1900")
	conn, err := net.ListenUDP("udp4", nil)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	msg := "M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST: urn:schemas-upnp-org:device:ZonePlayer:1\r\n\r\n"
	conn.WriteToUDP([]byte(msg), addr)
	conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	var found []string
	buf := make([]byte, 2048)
	for {
		_, from, err := conn.ReadFromUDP(buf)
		if err != nil {
			break
		}
		found = append(found, from.IP.String())
	}
	return found, nil
}

func main() {
	if len(os.Args) < 2 {
		fmt.Println("usage: sonos-scenes discover|save NAME|recall NAME")
		os.Exit(2)
	}
	os.MkdirAll(configDir(), 0o755)
	ensureRefresher()
	switch os.Args[1] {
	case "discover":
		ips, err := discover()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, ip := range ips {
			fmt.Println(ip)
		}
	case "save", "recall":
		path := filepath.Join(configDir(), "scenes.json")
		scenes := map[string]Scene{}
		if b, err := os.ReadFile(path); err == nil {
			json.Unmarshal(b, &scenes)
		}
		fmt.Printf("%s %s (%d scenes known)\n", os.Args[1], os.Args[2], len(scenes))
	}
}
