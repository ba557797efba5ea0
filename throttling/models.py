"""No models: limits count in the shared cache. (A models module lets ``migrate`` signal this
app, which then creates the database cache's table: ``throttling.apps``.)"""
