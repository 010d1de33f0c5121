# frozen_string_literal: true

# The reference's auto_router.rb holds its route combination in JavaScript (%x{...}, run by
# the site's Opal build); plain Ruby would hand that text to a shell. Only its Ruby path search
# is used here, so the file is loaded with every %x{...} block left out.
unless defined?(Engine::AutoRouter)
  src = File.read(File.join(REF_HOME, 'lib', 'engine', 'auto_router.rb'))
  src = src.gsub(/^(\s*)%x\{.*?^\1\}/m, '\\1nil')
  eval(src, TOPLEVEL_BINDING, File.join(REF_HOME, 'lib', 'engine', 'auto_router.rb')) # rubocop:disable Security/Eval
end

module RefGen
  # Runs for a corporation's trains: the reference's own path search (AutoRouter#path, the
  # part of the site's auto-router written in Ruby) lists each train's legal routes by revenue;
  # a depth-first search over the best few of each train finds the combination with the
  # highest revenue that the engine's combination check accepts (pbem insists on the highest
  # earnings; the reference takes any legal run). With `lazy` > 0, a run is now and then
  # worse than the best (a train idle, a poorer route).
  class Router
    PER_TRAIN = 12
    MAX_CHECKS = 4000

    def initialize(game, chooser, lazy: 0.0)
      @game = game
      @c = chooser
      @lazy = lazy
    end

    def routes(corp)
      trains = @game.route_trains(corp).sort_by(&:price)
      return [] if trains.empty?

      router = Engine::AutoRouter.new(@game)
      train_routes, = router.path(trains, corp, path_timeout: OPTIONS[:path_timeout], route_limit: OPTIONS[:route_limit])
      order = trains.sort_by { |t| -t.price }.select { |t| !(train_routes[t] || []).empty? }
      return [] if order.empty?

      if @lazy.positive? && @c.chance(@lazy)
        order = order.drop(1) if @c.chance(0.5)
        train_routes = train_routes.transform_values { |v| v.shuffle(random: @c.rng) }
      end
      options = order.map { |t| train_routes[t].first(PER_TRAIN) }
      best_each = options.map { |list| list.map(&:revenue).max || 0 }
      @best = []
      @best_rev = -1
      @checks = 0
      search(options, best_each, 0, [], 0)
      combined(@best) # leave each route's `routes` on the chosen combination
      @best
    end

    private

    def search(options, best_each, i, chosen, rev)
      return if @checks > MAX_CHECKS

      if i == options.size
        if rev > @best_rev
          total = combined(chosen)
          if total && total > @best_rev
            @best_rev = total
            @best = chosen.dup
          end
        end
        return
      end
      return if rev + best_each[i..].sum <= @best_rev

      options[i].each do |route|
        next unless combined(chosen + [route])

        search(options, best_each, i + 1, chosen + [route], rev + route.revenue)
      end
      search(options, best_each, i + 1, chosen, rev) # this train idle
    end

    # the routes' revenue together, or nil when the engine refuses the combination
    def combined(routes)
      @checks += 1
      routes.each do |r|
        r.clear_cache!(only_routes: true)
        r.routes = routes
      end
      routes.each(&:revenue)
      @game.routes_revenue(routes)
    rescue Engine::GameError
      nil
    end
  end
end
