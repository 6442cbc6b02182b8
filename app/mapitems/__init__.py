"""Scene items every map kind and the playtest boards draw with: the scan underlay, counters and markers."""
