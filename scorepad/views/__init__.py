"""The scorepad's views: thin, they parse forms, call the models and render."""
