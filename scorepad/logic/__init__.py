"""The scorepad's pure logic: scoring conventions, counting across games, the chart's
numbers, players' names. No database."""
