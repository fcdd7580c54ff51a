-- refresh planner statistics
ANALYZE;
