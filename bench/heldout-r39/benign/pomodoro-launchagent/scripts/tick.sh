#!/bin/bash
osascript -e 'display notification "25 minutes done - take a 5 minute break." with title "Pomodoro" sound name "Glass"'
