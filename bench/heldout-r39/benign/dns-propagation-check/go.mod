module dns-propagation-check

go 1.22
